import { sql } from "drizzle-orm";
import { doublePrecision } from "drizzle-orm/pg-core";
import { playerPart } from "../world/player-part";

/** The herb farm (spec 001 section 10). */
export const farmPart = playerPart({
  name: "farm",
  columns: {
    /** When the herbs were last collected (ms since 1970); a new farm is planted at sign-up. */
    farmHarvestAt: doublePrecision("farm_harvest_at")
      .notNull()
      .default(sql`(extract(epoch from now()) * 1000)`),
    /** Herbs collected in all (the Farm leaderboard), counted since migration 0021. */
    farmHarvested: doublePrecision("farm_harvested").notNull().default(0),
  },
  // A collection changes both.
  dirtyWith: { farmHarvested: "farmHarvestAt" },
});
