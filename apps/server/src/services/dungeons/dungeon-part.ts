import { jsonb } from "drizzle-orm/pg-core";
import { playerPart } from "../../world/player-part";

/** Dungeons, solo and guild (spec 001 section 8). */
export const dungeonPart = playerPart({
  name: "dungeons",
  columns: {
    /**
     * packages/game dungeons `DungeonState`: idle size and ticks, counters, presets, the dungeon
     * under way by hand; null until the player first touches dungeons.
     */
    dungeon: jsonb("dungeon").$type<Record<string, unknown>>(),
  },
});
