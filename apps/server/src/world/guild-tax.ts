import { type GuildEffects, splitTax } from "@manaspire/game";
import type { LoadedPlayer } from "./loaded-player";

/**
 * What a member's loot owes their guild (docs/features/guilds.md "Guild taxes"), with what the
 * guild's upgrades and level do to the member (guild-effects.ts).
 */
export interface GuildTaxRule {
  guildId: number;
  /** Currency to percent (the rank's rates). */
  rates: Readonly<Record<number, number>>;
  /** Magical Accounting's bonus on the guild's share (a fraction). */
  boost: number;
  /** Every effect of the guild's upgrades and level on its members. */
  effects: Readonly<GuildEffects>;
}

/** Nothing is taxed: shared and frozen (the result's `taxed` is only read, then encoded). */
export const NOTHING_TAXED: Record<number, number> = Object.freeze({}) as Record<number, number>;
/** The untaxed split, reused: callers read `kept` and `taxed` right away and keep neither. */
const UNTAXED: { kept: Record<number, number>; taxed: Record<number, number> } = {
  kept: NOTHING_TAXED,
  taxed: NOTHING_TAXED,
};

/**
 * Splits an action's loot (the rank's rate, or the member's personal one where higher): the member keeps the rest, the guild's share waits in the player's
 * memory (`guildTax`) until the save that writes the player adds it to the guild's funds in
 * the same transaction, so the loot is never both kept and paid, nor lost between them.
 */
export function taxLoot(
  p: LoadedPlayer,
  loot: Readonly<Record<number, number>>,
  rule: GuildTaxRule | undefined,
): { kept: Record<number, number>; taxed: Record<number, number> } {
  if (!rule) {
    // Most actions: nothing taxed. One result object, read at once by the caller.
    UNTAXED.kept = loot as Record<number, number>;
    return UNTAXED;
  }
  const { kept, taxed } = splitTax(loot, rule.rates, p.taxes, rule.boost);
  let any = false;
  for (const _ in taxed) {
    any = true;
    break;
  }
  if (!any) return { kept, taxed };
  p.guildTax ??= new Map();
  const pending = p.guildTax.get(rule.guildId) ?? {};
  for (const [k, v] of Object.entries(taxed)) pending[Number(k)] = (pending[Number(k)] ?? 0) + v;
  p.guildTax.set(rule.guildId, pending);
  return { kept, taxed };
}
