import { jsonb } from "drizzle-orm/pg-core";
import { playerPart } from "../world/player-part";

/** Owned pets, the dungeon skin and bought skins (packages/game pets `PetState`). */
export const petsPart = playerPart({
  name: "pets",
  columns: {
    pets: jsonb("pets")
      .$type<{ pets: unknown[]; dungeonSkin: unknown; skins: unknown[] }>()
      .notNull()
      .default({ pets: [], dungeonSkin: null, skins: [] }),
  },
});
