import { hostname } from "node:os";
import { eq, ne, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, LIVENESS_KEYS, LIVENESS_LOCK_CLASS, type LivenessSession } from "../db/client";
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
      /**
       * Holds this process's liveness lock on a connection of its own (PostgreSQL,
       * db/client.ts): a process killed outright is then known dead as soon as PostgreSQL
       * notices its connections closed, not a lease later.
       */
      liveness?: ((processId: number) => Promise<LivenessSession>) | undefined;
      /** How long after losing the liveness lock it is taken again (a third of the lease). */
      livenessRetryMs?: number;
    },
  ) {}

  /** The session holding this process's liveness lock, while it holds it. */
  private session: LivenessSession | undefined;

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
    } else {
      await this.holdLiveness();
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
   * Takes this process's liveness lock, then says so in its row (never the other way round: a
   * row that says so while the lock is free reads as a dead process). When the lock's session
   * ends (PostgreSQL restarted, the connection broke), it is taken again a third of a lease
   * later; meanwhile the others may take this process for dead and remove its row, and the
   * next heartbeat finds it gone and stops writing (`onFenced`), as after a lease ran out.
   */
  private async holdLiveness(): Promise<void> {
    const liveness = this.opts.liveness;
    if (!liveness || this.stopping || this.fenced) return;
    try {
      const session = await liveness(this.id);
      if (this.stopping || this.fenced) {
        await session.close();
        return;
      }
      this.session = session;
      await this.db
        .update(serverProcesses)
        .set({ livenessLock: true })
        .where(eq(serverProcesses.id, this.id));
      void session.lost.then((err) => {
        if (this.session !== session) return;
        this.session = undefined;
        this.opts.log?.warn({ err, process: this.id }, "liveness lock lost; taking it again");
        this.retryLiveness();
      });
    } catch (err) {
      this.opts.log?.warn({ err, process: this.id }, "taking the liveness lock failed");
      this.retryLiveness();
    }
  }

  private retryLiveness(): void {
    if (this.stopping || this.fenced) return;
    const delay = this.opts.livenessRetryMs ?? Math.max(50, this.opts.leaseMs / 3);
    setTimeout(() => void this.holdLiveness(), delay).unref();
  }

  /**
   * Renews this process's row (with its counts), removes the rows of processes that stopped
   * renewing or whose liveness lock is free (they died), and reads the others' counts.
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
        where id <> ${this.id} and ${this.dead(sql.raw("server_processes"))}
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
          where id = ${id} and ${this.dead(sql.raw("server_processes"))}
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

  /**
   * SQL: the process row `s` is of a dead process: its heartbeat is older than the lease, or
   * it held a liveness lock that is free now (the try takes it for the statement only).
   */
  private dead(s: SQL) {
    return sql`(${s}.heartbeat_at < now() - make_interval(secs => ${this.opts.leaseMs / 1000})
      or (${s}.liveness_lock and pg_try_advisory_xact_lock(${LIVENESS_LOCK_CLASS},
        (${s}.id % ${LIVENESS_KEYS})::int4)))`;
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
    if (this.id === 0 || this.fenced) {
      await this.releaseLiveness();
      return;
    }
    await this.db.execute(sql`update players set owner_id = null where owner_id = ${this.id}`);
    await this.db.delete(serverProcesses).where(eq(serverProcesses.id, this.id));
    await this.releaseLiveness();
  }

  private async releaseLiveness(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    await session?.close();
  }
}
