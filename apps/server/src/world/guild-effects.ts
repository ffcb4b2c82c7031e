import { guildXpFromBattle, sameGuildEffects } from "@manaspire/game";
import type { LoadedPlayer } from "./loaded-player";
import type { MemberGuild } from "./loaded-player-parts";

/** Whether `next` differs from the player's guild effects now. */
export function memberGuildDiffers(p: LoadedPlayer, next: MemberGuild | undefined): boolean {
  const cur = p.guild;
  if (!next) return cur !== null;
  return !cur || cur.guildId !== next.guildId || !sameGuildEffects(cur.effects, next.effects);
}

/**
 * Sets the player's guild effects (none: `undefined`). Returns whether anything changed; then
 * the derived stats (spell cost, max actions) are recomputed on their next read.
 */
export function setMemberGuild(p: LoadedPlayer, next: MemberGuild | undefined): boolean {
  if (!memberGuildDiffers(p, next)) return false;
  if (!next) {
    p.guild = null;
    p.statsVersion++;
    return true;
  }
  p.guild = { guildId: next.guildId, effects: next.effects };
  p.statsVersion++;
  return true;
}

/**
 * The member's share of a battle's experience for their guild, pending in memory until the
 * save that writes the player adds it to the guild with `experience = experience + delta` in
 * the same transaction (player-writes.ts): it is never counted twice nor lost apart from the
 * player's own experience.
 */
export function addGuildXp(p: LoadedPlayer, battleXp: number): void {
  const g = p.guild;
  if (!g) return;
  const xp = guildXpFromBattle(battleXp);
  if (xp <= 0) return;
  p.guildXp ??= new Map();
  p.guildXp.set(g.guildId, (p.guildXp.get(g.guildId) ?? 0) + xp);
}
