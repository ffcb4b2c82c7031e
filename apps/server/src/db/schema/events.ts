import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { players } from "./players";

/**
 * The world's timed events (docs/features/events.md "Events"): written by the once-per-world
 * scheduler (rows ahead of time, start, end and rewards) and, for an Elemental Rift's shared
 * boss and resources, by every process's player saves (`damage`, `iron`, `fish`, `wood` added
 * under the row's lock). Authoritative: processes read it, never keep their own copy.
 */
export const worldEvents = pgTable(
  "world_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** RiftType: 1 Rift of Power, 2 Elemental Rift. */
    kind: smallint("kind").notNull(),
    /** How many of its kind the world had before (seeds the Rift of Power's delay). */
    number: integer("number").notNull(),
    /** EventStatus: 0 scheduled, 1 running (started by the scheduler), 2 ended (rewarded). */
    status: smallint("status").notNull().default(0),
    /** The queue opens (an Elemental Rift; equal to `starts_at` for a Rift of Power). */
    queueAt: timestamp("queue_at", { withTimezone: true, mode: "date" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Boss 1's health in this rift (the world's ELEMENTAL_RIFT_BOSS_HEALTH when it started). */
    bossBaseHealth: doublePrecision("boss_base_health").notNull().default(0),
    /** The current boss (0 until the rift starts) and its health left. */
    bossNumber: integer("boss_number").notNull().default(0),
    bossHealth: doublePrecision("boss_health").notNull().default(0),
    bossesDefeated: integer("bosses_defeated").notNull().default(0),
    totalDamage: doublePrecision("total_damage").notNull().default(0),
    iron: doublePrecision("iron").notNull().default(0),
    fish: doublePrecision("fish").notNull().default(0),
    wood: doublePrecision("wood").notNull().default(0),
    /** Players with push devices were told it opens (once, whoever runs the scheduler). */
    notified: boolean("notified").notNull().default(false),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("world_events_status_idx").on(t.status, t.kind),
    // Two scheduler runs (a lock that moved) cannot both add the same event.
    uniqueIndex("world_events_kind_number_uq").on(t.kind, t.number),
  ],
);

/**
 * Who took part in an event, with their totals (the spec's ElementalRiftPlayers rows). Written
 * only by the save of the player it names (one writer per player), and by the end step, which
 * sets `event_points`.
 */
export const eventParticipants = pgTable(
  "event_participants",
  {
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => worldEvents.id, { onDelete: "cascade" }),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    actionType: smallint("action_type").notNull().default(1),
    actions: bigint("actions", { mode: "number" }).notNull().default(0),
    totalDamage: doublePrecision("total_damage").notNull().default(0),
    totalResources: doublePrecision("total_resources").notNull().default(0),
    /** Rift of Power: successful siphons. */
    successes: integer("successes").notNull().default(0),
    /** Set when the event ends (the spec shows EventPoints only then). */
    eventPoints: doublePrecision("event_points"),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.playerId] }),
    index("event_participants_damage_idx").on(t.eventId, t.totalDamage),
  ],
);
