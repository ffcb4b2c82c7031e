import { hasQoL } from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";
import type { LoadedPlayer } from "../../world/loaded-player";
import type { PlayerStore } from "../../world/player-store";

/**
 * The enchanting skill rank a player enchants with (spec 001 section 6): their own research rank
 * of the enchant, or, with Quality of Life, the best rank among their guild's members (saved
 * ranks, and the loaded members' ranks in memory, which may be newer).
 */
export async function enchantingSkillOf(
  deps: { db: Db; store: PlayerStore },
  p: LoadedPlayer,
  skill: number,
  now = Date.now(),
): Promise<number> {
  const own = p.boosts[skill] ?? 0;
  const guild = p.guild;
  if (!guild || !hasQoL(p.qolEnd, now) || !Number.isInteger(skill)) return own;
  const [row] = resultRows<{ best: number | string | null; ids: Array<string | number> | null }>(
    await deps.db.execute(sql`
      select max(coalesce((pl.boosts->>${String(skill)})::float8, 0)) as best,
        array_agg(pl.id) as ids
      from guild_members gm join players pl on pl.id = gm.player_id
      where gm.guild_id = ${guild.guildId}`),
  );
  let best = Math.max(own, Number(row?.best ?? 0) || 0);
  for (const id of row?.ids ?? []) {
    const member = deps.store.loaded.get(Number(id));
    if (member?.guild?.guildId === guild.guildId) best = Math.max(best, member.boosts[skill] ?? 0);
  }
  return best;
}
