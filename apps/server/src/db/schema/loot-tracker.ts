import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
} from "drizzle-orm/pg-core";
import { players } from "./players";

/**
 * The loot tracker (spec 000: the 200 newest notable drops), one row per entry, appended by
 * the player's saves and pruned to the newest 200 per player. It lives outside the player row
 * and outside memory: a loaded player holds only the entries not saved yet, and hydrate reads
 * the rest. See docs/features/loot-tracker.md "Loot tracker".
 */
export const lootTracker = pgTable(
  "loot_tracker",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    /** Milliseconds since the epoch, as the entry's `timestamp`. */
    at: doublePrecision("at").notNull(),
    /** A fungible drop: loot id and amount (null for an item). */
    lootId: integer("loot_id"),
    amount: doublePrecision("amount"),
    /** An item drop: the item as it was shown when it dropped (wire shape). */
    item: jsonb("item"),
  },
  (t) => [index("loot_tracker_player_idx").on(t.playerId, t.id)],
);
