import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { resultRows } from "../db/runner";
import type { Ownership } from "./ownership";

/**
 * Runs a job once per world however many processes run it: every `everyMs` each process asks
 * for the `world_locks` row of the job; the one holding it (or taking it, when its holder's
 * process row is gone, i.e. its lease expired) runs the job, the others skip. The holder keeps
 * the lock while its heartbeat lives, so a job moves only when its process dies or stops.
 */
export class OncePerWorld {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly ownership: Ownership,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** True when this process holds the lock named `name` (taking it if it is free). */
  async hold(name: string): Promise<boolean> {
    const me = this.ownership.id;
    if (me === 0) return false;
    const rows = resultRows<{ holder: string | number }>(
      await this.db.execute(sql`
        insert into world_locks (name, holder) values (${name}, ${me})
        on conflict (name) do update set holder = excluded.holder, taken_at = now()
          where world_locks.holder = excluded.holder
             or not exists (select 1 from server_processes s where s.id = world_locks.holder)
        returning holder`),
    );
    return rows.length > 0;
  }

  /**
   * Runs `job` every `everyMs` on the one process that holds `name`; `otherwise` on the others
   * (to drop what they gathered for the job).
   */
  every(name: string, everyMs: number, job: () => Promise<unknown>, otherwise?: () => void): void {
    const timer = setInterval(() => {
      if (this.running.has(name)) return;
      const run = this.hold(name)
        .then((held) => (held ? job() : otherwise?.()))
        .catch((err) => this.log?.error({ err, job: name }, "world job failed"))
        .finally(() => this.running.delete(name));
      this.running.set(name, run);
    }, everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  /**
   * Stops the timers and waits for the jobs running now (a job must not write to a database
   * the process is closing); the locks go with this process's row when it stops.
   */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    await Promise.all(this.running.values());
  }
}
