import {
  ascensionOf,
  lootById,
  MERCHANT_MIN_AMOUNT,
  merchantReceived,
  merchantTargets,
} from "@manaspire/game";
import { GameError } from "../../socket/handlers";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";

/**
 * The merchant swaps a player's resource for another of its group (spec 001 section 9). It is
 * no other player, so the swap is a change of the player's own state, saved with its next
 * write. The guild-funds variant (spec: Fish, Wood, Iron from the guild's funds) plugs in here
 * with the guilds: the source and destination of the amounts are the only difference.
 * Returns what the player received.
 */
export function tradeWithMerchant(
  p: LoadedPlayer,
  source: number,
  amount: number,
  target: number,
): number {
  const from = lootById(source);
  const to = lootById(target);
  if (!from || !to) throw new GameError("Unknown item.");
  if (!merchantTargets(source).includes(target)) {
    throw new GameError(`The merchant does not trade ${from.name} for ${to.name}.`);
  }
  if (!Number.isSafeInteger(amount) || amount < MERCHANT_MIN_AMOUNT) {
    throw new GameError(`Trade at least ${MERCHANT_MIN_AMOUNT} ${from.name}.`);
  }
  const held = Math.floor(p.loot[source] ?? 0);
  if (amount > held)
    throw new GameError(`You only have ${held.toLocaleString("en")} ${from.name}.`);
  const got = merchantReceived(amount, ascensionOf(p.boosts));
  p.loot[source] = (p.loot[source] ?? 0) - amount;
  p.loot[target] = (p.loot[target] ?? 0) + got;
  markDirty(p, Col.loot);
  return got;
}
