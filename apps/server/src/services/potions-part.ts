import { jsonb } from "drizzle-orm/pg-core";
import { playerPart } from "../world/player-part";

/** Active potions and the belt (packages/game potions.ts `PotionState`). */
export const potionsPart = playerPart({
  name: "potions",
  columns: {
    potions: jsonb("potions")
      .$type<{ active: unknown[]; belt: unknown[] }>()
      .notNull()
      .default({ active: [], belt: [] }),
  },
});
