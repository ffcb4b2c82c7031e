import { jsonb } from "drizzle-orm/pg-core";
import { playerPart } from "../world/player-part";

/** Sigils: event points spent on the sigil level and the active sigil (its boost id, 0 none). */
export const sigilPart = playerPart({
  name: "sigils",
  columns: {
    sigil: jsonb("sigil")
      .$type<{ points: number; active: number }>()
      .notNull()
      .default({ points: 0, active: 0 }),
  },
});
