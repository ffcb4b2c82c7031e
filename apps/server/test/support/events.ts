import { RiftType } from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import type { GameServer } from "../../src/server";

/** A test's event times, relative to now (ms): when its queue opens, it starts and ends. */
export interface EventTimes {
  queueIn: number;
  startsIn: number;
  endsIn: number;
}

/**
 * A test's events take negative numbers, growing: below the scheduler's own (1, 2, …, hours away
 * by default), so the scheduler keeps counting from its own and the two never meet.
 */
let nextNumber = -1_000_000;

/** Adds an event row as the scheduler would. Returns its id. */
export async function addEvent(db: Db, kind: RiftType, t: EventTimes): Promise<number> {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const [row] = resultRows<{ id: string | number }>(
    await db.execute(sql`
      insert into world_events (kind, number, queue_at, starts_at, ends_at)
      values (${kind}, ${nextNumber++}, ${at(t.queueIn)}::timestamptz, ${at(t.startsIn)}::timestamptz,
        ${at(t.endsIn)}::timestamptz)
      returning id`),
  );
  return Number(row?.id);
}

/** Moves an event's times (relative to now), e.g. to start or end it now. */
export async function moveEvent(db: Db, id: number, t: Partial<EventTimes>): Promise<void> {
  const at = (ms: number | undefined, column: string) =>
    ms === undefined
      ? sql.raw(column)
      : sql`${new Date(Date.now() + ms).toISOString()}::timestamptz`;
  await db.execute(sql`
    update world_events set queue_at = ${at(t.queueIn, "queue_at")},
      starts_at = ${at(t.startsIn, "starts_at")}, ends_at = ${at(t.endsIn, "ends_at")}
    where id = ${id}`);
}

/** Runs the scheduler's steps and the process's read of the events now (no waiting). */
export async function stepEvents(server: GameServer): Promise<void> {
  await server.eventScheduler.run();
  await server.events.poll();
}

/** An event's row. */
export async function eventRow(db: Db, id: number): Promise<Record<string, unknown>> {
  const [row] = resultRows<Record<string, unknown>>(
    await db.execute(sql`select * from world_events where id = ${id}`),
  );
  if (!row) throw new Error(`no event ${id}`);
  return row;
}

/** An event's participant rows by player id. */
export async function participants(
  db: Db,
  id: number,
): Promise<Map<number, Record<string, unknown>>> {
  const rows = resultRows<Record<string, unknown>>(
    await db.execute(sql`select * from event_participants where event_id = ${id}`),
  );
  return new Map(rows.map((r) => [Number(r.player_id), r]));
}

export { RiftType };
