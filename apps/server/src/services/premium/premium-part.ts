import { doublePrecision } from "drizzle-orm/pg-core";
import { playerPart } from "../../world/player-part";

/** What the premium shop sells that lasts (spec 001 section 14). */
export const premiumPart = playerPart({
  name: "premium",
  columns: {
    /** Quality of Life lasts until this time (ms since 1970); 0 never bought. */
    qolEnd: doublePrecision("qol_end").notNull().default(0),
  },
});
