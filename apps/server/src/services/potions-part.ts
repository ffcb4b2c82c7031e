import { bigint, jsonb } from "drizzle-orm/pg-core";
import { playerPart } from "../world/player-part";

/** Active potions and the belt (packages/game potions.ts `PotionState`). */
export const potionsPart = playerPart({
  name: "potions",
  columns: {
    potions: jsonb("potions")
      .$type<{ active: unknown[]; belt: unknown[] }>()
      .notNull()
      .default({ active: [], belt: [] }),
    /** Potions brewed in all (the profile's Potions Brewed), counted since migration 0025. */
    potionsBrewed: bigint("potions_brewed", { mode: "number" }).notNull().default(0),
  },
});
