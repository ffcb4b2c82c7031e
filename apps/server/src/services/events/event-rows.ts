import { RiftType } from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";
import { EventStatus } from "../../world/event-writes";

/** A `world_events` row (times in ms since 1970). */
export interface WorldEvent {
  id: number;
  kind: RiftType;
  number: number;
  status: number;
  queueAt: number;
  startsAt: number;
  endsAt: number;
  bossBaseHealth: number;
  bossNumber: number;
  bossHealth: number;
  bossesDefeated: number;
  totalDamage: number;
  iron: number;
  fish: number;
  wood: number;
}

/** Where an event is at `now` for the players (the database's status and the clock). */
export type EventPhase = "scheduled" | "queue" | "running" | "settling" | "ended";

export function phaseOf(e: WorldEvent, now: number): EventPhase {
  if (e.status === EventStatus.Ended) return "ended";
  if (e.status === EventStatus.Running) return now < e.endsAt ? "running" : "settling";
  if (e.kind === RiftType.ElementalRift && now >= e.queueAt) return "queue";
  // A Rift of Power (no queue) whose start the scheduler has not made yet: still to come.
  return "scheduled";
}

type Raw = Record<string, unknown>;

function ms(v: unknown): number {
  return v instanceof Date ? v.getTime() : new Date(String(v)).getTime();
}

export function fromEventRow(r: Raw): WorldEvent {
  return {
    id: Number(r.id),
    kind: Number(r.kind) as RiftType,
    number: Number(r.number),
    status: Number(r.status),
    queueAt: ms(r.queue_at),
    startsAt: ms(r.starts_at),
    endsAt: ms(r.ends_at),
    bossBaseHealth: Number(r.boss_base_health),
    bossNumber: Number(r.boss_number),
    bossHealth: Number(r.boss_health),
    bossesDefeated: Number(r.bosses_defeated),
    totalDamage: Number(r.total_damage),
    iron: Number(r.iron),
    fish: Number(r.fish),
    wood: Number(r.wood),
  };
}

const COLUMNS = sql.raw(
  "id, kind, number, status, queue_at, starts_at, ends_at, boss_base_health, boss_number, " +
    "boss_health, bosses_defeated, total_damage, iron, fish, wood",
);

/** The events not ended yet, and the last ended one of each kind. */
export async function readEvents(db: Pick<Db, "execute">): Promise<WorldEvent[]> {
  const rows = resultRows<Raw>(
    await db.execute(sql`
      select ${COLUMNS} from world_events where status < ${EventStatus.Ended}
      union all
      select ${COLUMNS} from (
        select distinct on (kind) ${COLUMNS} from world_events
        where status = ${EventStatus.Ended} order by kind, number desc) last
      order by id`),
  );
  return rows.map(fromEventRow);
}

/** The rows of the spec's ElementalRiftPlayers table: the top 1000 by damage. */
export interface ParticipantRow {
  name: string;
  actionType: number;
  actions: number;
  totalDamage: number;
  totalResources: number;
  eventPoints: number | null;
}

export async function readParticipants(
  db: Pick<Db, "execute">,
  eventId: number,
): Promise<ParticipantRow[]> {
  const rows = resultRows<Raw>(
    await db.execute(sql`
      select name, action_type, actions, total_damage, total_resources, event_points
      from event_participants where event_id = ${eventId}
      order by total_damage desc, total_resources desc, player_id limit 1000`),
  );
  return rows.map((r) => ({
    name: String(r.name),
    actionType: Number(r.action_type),
    actions: Number(r.actions),
    totalDamage: Number(r.total_damage),
    totalResources: Number(r.total_resources),
    eventPoints:
      r.event_points === null || r.event_points === undefined ? null : Number(r.event_points),
  }));
}

/** How many players are in an event (its queue, while it fills). */
export async function countParticipants(db: Pick<Db, "execute">, eventId: number): Promise<number> {
  const [row] = resultRows<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from event_participants where event_id = ${eventId}`),
  );
  return Number(row?.n ?? 0);
}
