import {
  bigint,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { players } from "./players";

/**
 * One row per player and leaderboard the player is on (issue 12). `board` is the board's id in
 * the rules' registry (`BOARDS`), `key` its sort value: every board sorts ascending by
 * (key, player_id), so a highest-first board stores the negated score. Written by the player's
 * save (the flush), only for scores that changed, in the transaction that writes the player.
 */
export const leaderboardScores = pgTable(
  "leaderboard_scores",
  {
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    board: smallint("board").notNull(),
    key: doublePrecision("key").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.board] }),
    index("leaderboard_scores_rank_idx").on(t.board, t.key, t.playerId),
  ],
);

/**
 * Every 2,000th place of each big board as last counted: (board, position) holds the
 * (key, player_id) of the row that was at that position. A page or a rank deep in a board
 * counts from the nearest anchor instead of from the top. Refreshed once per world on a timer.
 */
export const leaderboardAnchors = pgTable(
  "leaderboard_anchors",
  {
    board: smallint("board").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    key: doublePrecision("key").notNull(),
    playerId: bigint("player_id", { mode: "number" }).notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.position] }),
    index("leaderboard_anchors_key_idx").on(t.board, t.key, t.playerId),
  ],
);

/** A player's profile text (issue 12): plain text, at most 2000 characters, never markup. */
export const playerProfiles = pgTable("player_profiles", {
  playerId: bigint("player_id", { mode: "number" })
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  text: text("text").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
