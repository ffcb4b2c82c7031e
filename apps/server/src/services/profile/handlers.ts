import { cleanProfileText, profileTextError } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { playerProfiles } from "../../db/schema";
import { GameError, type Handlers } from "../../socket/handlers";
import type { ItemDeps } from "../items/common";
import { enchantEquipped } from "./enchant-equipped";
import type { ProfileReader } from "./profile-reader";

/**
 * Profiles (issue 12): `getPlayerProfile { name? }` answers `profile` (absent when nobody has
 * that name; no name: one's own), `updateProfile { text }` stores one's own text (the only
 * profile a player can write: the handler only ever writes the sender's row) and answers
 * `profileSaved`, `enchantPlayerItem` enchants another player's worn item.
 */
export function profileHandlers(deps: ItemDeps, reader: ProfileReader): Handlers {
  const { db } = deps;
  return {
    async getPlayerProfile({ conn, player }, { name }) {
      const wanted = name?.trim() ?? "";
      const profile = wanted === "" ? await reader.byId(player.id) : await reader.byName(wanted);
      conn.send("profile", profile ? { profile } : {});
    },

    async updateProfile({ conn, player }, { text: raw }) {
      const error = profileTextError(raw);
      if (error) throw new GameError(error);
      const text = cleanProfileText(raw);
      await db
        .insert(playerProfiles)
        .values({ playerId: player.id, text })
        .onConflictDoUpdate({
          target: playerProfiles.playerId,
          set: { text, updatedAt: sql`now()` },
        });
      conn.send("profileSaved", { text });
    },

    async enchantPlayerItem(ctx, req) {
      const wearer = await enchantEquipped(deps, ctx, req);
      const profile = await reader.byId(wearer.id);
      if (profile) ctx.conn.send("profile", { profile });
    },
  };
}
