import { jsonb } from "drizzle-orm/pg-core";
import { playerPart } from "../world/player-part";

/** The player's settings (spec 001 section 12), as the client sends them whole. */
export const preferencesPart = playerPart({
  name: "preferences",
  columns: {
    preferences: jsonb("preferences").$type<Record<string, unknown>>().notNull().default({}),
  },
});
