import { jsonb } from "drizzle-orm/pg-core";
import { playerPart } from "../../world/player-part";

/** Guild taxes (spec 001 section 6): what the member sets for themselves. */
export const guildTaxPart = playerPart({
  name: "guild taxes",
  columns: {
    /** The personal guild tax: loot id to percent (applies where the rank's is lower). */
    taxes: jsonb("taxes").$type<Record<number, number>>().notNull().default({}),
  },
});
