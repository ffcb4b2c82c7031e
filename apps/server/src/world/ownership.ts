import { hostname } from "node:os";
import { eq, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { resultRows } from "../db/runner";
import { serverProcesses } from "../db/schema";

/**
 * Which process may write which players. Every process registers a `server_processes` row;
 * its id is the fencing token it claims players with (`players.owner_id`) and writes them
 * under (the flush's `WHERE owner_id = token`). A heartbeat renews the row every third of the
 * lease; any process removes rows whose heartbeat is older than the lease, which frees their
 * players. A process that finds its own row gone was presumed dead: its writes no longer match
 * and it must stop (`onFenced`). Alone (`cluster` off, the default) a process removes every
 * other row at start: it is the only writer, and a restart after a crash need not wait.
 */
export class Ownership {
  /** This process's fencing token; 0 before `start`. */
  id = 0;
  private timer: NodeJS.Timeout | undefined;
  private fenced = false;
  private stopping = false;
  /** The heartbeats running now, which `stop` waits for. */
  private readonly beating = new Set<Promise<void>>();
  /** The other live processes' ids and their summed counts, as of the last heartbeat. */
  others: { ids: number[]; online: number; active: number } = { ids: [], online: 0, active: 0 };
  /**
   * The highest process id any read of the others has seen, or this process's own (ids are
   * handed out in order): a process above it registered since the last read, and is live
   * until a read says otherwise; one at or below it that the last read did not find is dead.
   */
  private seenUpTo = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: {
      leaseMs: number;
      cluster: boolean;
      log?: FastifyBaseLogger;
      /** The row is gone: another process may own our players now. */
      onFenced: () => void;
      /** This process's Online and Active counts, published with each heartbeat. */
      counts?: () => { online: number; active: number };
      /** The others' summed counts changed at this heartbeat. */
      onOthersChanged?: () => void;
      /** Rows of dead processes were removed: their players are free to claim now. */
      onReaped?: () => void;
    },
  ) {}

  /** How long a process may go without renewing its row before it is presumed dead. */
  get leaseMs(): number {
    return this.opts.leaseMs;
  }

  async start(): Promise<void> {
    const [row] = await this.db
      .insert(serverProcesses)
      .values({ name: `${hostname()}:${process.pid}` })
      .returning({ id: serverProcesses.id });
    this.id = row!.id;
    if (!this.opts.cluster) {
      await this.db.execute(sql`delete from server_processes where id <> ${this.id}`);
    }
    await this.readOthers();
    this.timer = setInterval(
      () => {
        const beat = this.beat()
          .catch((err) => this.opts.log?.warn({ err }, "ownership heartbeat failed"))
          .finally(() => this.beating.delete(beat));
        this.beating.add(beat);
      },
      Math.max(50, Math.floor(this.opts.leaseMs / 3)),
    );
    this.timer.unref();
  }

  /**
   * Renews this process's row (with its counts), removes the rows of processes that stopped
   * renewing, and reads the others' counts.
   */
  async beat(): Promise<void> {
    if (this.fenced || this.stopping) return;
    const counts = this.opts.counts?.() ?? { online: 0, active: 0 };
    const renewed = await this.db
      .update(serverProcesses)
      .set({ heartbeatAt: sql`now()`, online: counts.online, active: counts.active })
      .where(eq(serverProcesses.id, this.id))
      .returning({ id: serverProcesses.id });
    if (renewed.length === 0) {
      // A clean stop removed the row meanwhile (on another connection of the pool): not fenced.
      // Two beats that overlap (the timer's and another) both find the row gone: one reports.
      if (this.stopping || this.fenced) return;
      this.fenced = true;
      this.opts.log?.error({ process: this.id }, "ownership lost: presumed dead by the others");
      this.opts.onFenced();
      return;
    }
    const reaped = resultRows<{ id: string | number }>(
      await this.db.execute(sql`
        delete from server_processes
        where heartbeat_at < now() - make_interval(secs => ${this.opts.leaseMs / 1000})
        returning id`),
    );
    if (reaped.length > 0) {
      this.opts.log?.warn({ processes: reaped.map((r) => Number(r.id)) }, "dead processes removed");
      this.opts.onReaped?.();
    }
    await this.readOthers();
  }

  /**
   * Whether process `id` was live at the last read, or registered after it. A process that
   * sent a message before this process's first heartbeat read of it is not taken for dead.
   */
  isLive(id: number): boolean {
    return id > this.seenUpTo || this.others.ids.includes(id);
  }

  /** Reads the other processes' rows: their ids and summed counts. */
  private async readOthers(): Promise<void> {
    const rows = await this.db
      .select({
        id: serverProcesses.id,
        online: serverProcesses.online,
        active: serverProcesses.active,
      })
      .from(serverProcesses)
      .where(ne(serverProcesses.id, this.id));
    const was = this.others;
    this.seenUpTo = rows.reduce((max, r) => Math.max(max, r.id), Math.max(this.seenUpTo, this.id));
    this.others = {
      ids: rows.map((r) => r.id),
      online: rows.reduce((n, r) => n + r.online, 0),
      active: rows.reduce((n, r) => n + r.active, 0),
    };
    if (was.online !== this.others.online || was.active !== this.others.active) {
      this.opts.onOthersChanged?.();
    }
  }

  /**
   * Whether process `id` is gone: its row was removed, or it is removed now because its
   * heartbeat is older than the lease (what any process's `beat` would do at its next turn).
   * A process still renewing its row is never removed here.
   */
  async gone(id: number): Promise<boolean> {
    const [row] = resultRows<{ reaped: number; present: boolean }>(
      await this.db.execute(sql`
        with reaped as (
          delete from server_processes
          where id = ${id} and heartbeat_at < now() - make_interval(secs => ${this.opts.leaseMs / 1000})
          returning id)
        select (select count(*) from reaped)::int as reaped,
          exists (select 1 from server_processes where id = ${id}) as present`),
    );
    if (row && row.reaped > 0) {
      this.opts.log?.warn({ processes: [id] }, "dead processes removed");
      this.opts.onReaped?.();
    }
    return !row || row.reaped > 0 || !row.present;
  }

  /** SQL: the player row `p` is free for this process to claim. */
  claimable(p = sql.raw("players")) {
    return sql`(${p}.owner_id is null or ${p}.owner_id = ${this.id} or not exists
      (select 1 from server_processes s where s.id = ${p}.owner_id))`;
  }

  /**
   * Gives up players this process no longer holds in memory (evicted), so others may; or
   * gives them to process `to` (a hand-over: nobody else can claim them in between).
   */
  async release(ids: readonly number[], to: number | null = null): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(sql`
      update players set owner_id = ${to}
      where id = any(${`{${ids.join(",")}}`}::int8[]) and owner_id = ${this.id}`);
  }

  /** At a clean stop: every player and the process row go. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    // A heartbeat still in flight could otherwise find the row this removes and call the
    // process fenced at a clean stop.
    await Promise.all(this.beating);
    if (this.id === 0 || this.fenced) return;
    await this.db.execute(sql`update players set owner_id = null where owner_id = ${this.id}`);
    await this.db.delete(serverProcesses).where(eq(serverProcesses.id, this.id));
  }
}
