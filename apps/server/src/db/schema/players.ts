import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { awayPart } from "../../services/away-part";
import { dungeonPart } from "../../services/dungeons/dungeon-part";
import { eventPart } from "../../services/events/event-part";
import { farmPart } from "../../services/farm-part";
import { guildTaxPart } from "../../services/guilds/guild-tax-part";
import { petsPart } from "../../services/pets-part";
import { potionsPart } from "../../services/potions-part";
import { preferencesPart } from "../../services/preferences-part";
import { premiumPart } from "../../services/premium/premium-part";
import { titlePart } from "../../services/profile/title-part";
import { sigilPart } from "../../services/sigil-part";
import { corePart } from "../../world/player-core-part";
import { accounts } from "./accounts";

/**
 * The parts of a player's saved state, each declared by the feature that owns it
 * (world/player-part.ts). Their columns are the `players` columns the store loads, marks dirty
 * and writes; a new part goes here, a new column into its part.
 */
export const PLAYER_PARTS = [
  corePart,
  guildTaxPart,
  preferencesPart,
  sigilPart,
  farmPart,
  potionsPart,
  petsPart,
  dungeonPart,
  titlePart,
  awayPart,
  premiumPart,
  eventPart,
] as const;

type Parts = typeof PLAYER_PARTS;
/** Every part's columns in one object (their keys are distinct: a duplicate fails start-up). */
export type PlayerStateColumns = UnionToIntersection<Parts[number]["columns"]>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  u: infer I,
) => void
  ? I
  : never;

function playerStateColumns(): PlayerStateColumns {
  const all: Record<string, unknown> = {};
  for (const part of PLAYER_PARTS) {
    for (const [key, column] of Object.entries(part.columns)) {
      if (key in all) throw new Error(`player column ${key} is declared twice (${part.name})`);
      all[key] = column;
    }
  }
  return all as PlayerStateColumns;
}

/** The game state of one player (its parts' columns); written in batches by the player store. */
export const players = pgTable(
  "players",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    ...playerStateColumns(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The server process that holds this player in memory (`server_processes.id`, its fencing
     * token), or null. Writes of the player's state require it to be the writer's id.
     */
    ownerId: bigint("owner_id", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("players_name_lower_uq").on(sql`lower(${t.name})`),
    /**
     * Names by prefix (Rankings' Find a player, issue 31): `lower(name) collate "C" like 'bob%'`
     * is a range of this index in any database collation, walked in its order.
     */
    index("players_name_prefix_idx").on(sql`lower(${t.name}) collate "C"`),
    uniqueIndex("players_account_uq").on(t.accountId),
    /**
     * The players with an action chosen, by id (the start-up load and the cluster's pick-up walk
     * it). Not on `actions`: a column an index names or filters on makes every update of it
     * write all the indexes anew (no HOT update), and `actions` changes with every action.
     */
    index("players_acting_idx").on(t.id).where(sql`${t.actionType} <> 0`),
    index("players_owner_idx").on(t.ownerId).where(sql`${t.ownerId} is not null`),
  ],
);

export type PlayerRow = typeof players.$inferSelect;
export type NewPlayerRow = typeof players.$inferInsert;
