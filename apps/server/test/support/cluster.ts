import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import type { ServerProcess } from "./child";
import { describeCheck, sleep } from "./wait";

/** Helpers of the tests with several server processes on one PostgreSQL. */

export async function loaded(p: ServerProcess): Promise<number> {
  // What a process holds is on its operator's listener, not the public /api/health.
  try {
    const health = (await fetch(`${p.metricsUrl}/health`).then((r) => r.json())) as {
      loaded: number;
    };
    return health.loaded;
  } catch (err) {
    // Say why: a process that exited (fenced, crashed) resets or refuses the poll.
    const { exitCode, signalCode } = p.child;
    const state =
      exitCode === null && signalCode === null ? "running" : `exited (${exitCode ?? signalCode})`;
    throw new Error(
      `polling ${p.metricsUrl}/health failed (${(err as Error).message}, cause: ${String((err as Error).cause)}); the process is ${state}; its last output:\n${p.output.slice(-2000)}`,
    );
  }
}

/** The hand-overs the processes made (their `/metrics` counters, summed). */
export async function handOverTotals(
  procs: readonly ServerProcess[],
): Promise<{ players: number; batches: number }> {
  const totals = { players: 0, batches: 0 };
  for (const p of procs) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
    const text = await fetch(`${p.metricsUrl}/metrics`).then((r) => r.text());
    const value = (name: string) =>
      Number(text.match(new RegExp(`^${name} (\\S+)$`, "m"))?.[1] ?? 0);
    totals.players += value("manaspire_handed_over_players_total");
    totals.batches += value("manaspire_hand_over_batches_total");
  }
  return totals;
}

/** Polls `check` until it holds; fails after `timeoutMs` naming the check (its source). */
export async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`not within ${timeoutMs} ms: ${describeCheck(check)}`);
    }
    await sleep(100);
  }
  return Date.now() - started;
}

/** Each seeded player's saved action counter. */
export async function counters(db: Db): Promise<Map<number, number>> {
  const rows = resultRows<{ id: string; n: string }>(
    await db.execute(
      sql`select id, action_counter as n from players where name like 'Seed%' order by id`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/**
 * Records, from now on, every save that moves a player's action counter backwards: what a
 * stale process overwriting the new owner would do (the new owner would hide it again at its
 * next save, so the rows alone cannot tell).
 */
export async function watchRegressions(db: Db): Promise<void> {
  await db.execute(sql`create table regressions (player_id int8, was int8, now int8)`);
  await db.execute(sql`
    create function record_regression() returns trigger language plpgsql as $$
    begin
      if new.action_counter < old.action_counter then
        insert into regressions values (old.id, old.action_counter, new.action_counter);
      end if;
      return new;
    end $$`);
  await db.execute(sql`
    create trigger record_regression before update on players
    for each row execute function record_regression()`);
}

export async function regressions(db: Db): Promise<number> {
  const rows = resultRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from regressions`),
  );
  return rows[0]?.n ?? -1;
}

/** Rows where one action was not saved whole (see flush.test.ts). */
export async function torn(db: Db): Promise<number> {
  const rows = resultRows<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from players where name like 'Seed%'
        and (actions + action_counter <> 1000000 or kills + deaths <> action_counter)`),
  );
  return rows[0]?.n ?? -1;
}
