import {
  ascensionOf,
  GuildPermission,
  LogCategory,
  LootId,
  lootById,
  MERCHANT_MIN_AMOUNT,
  merchantReceived,
  merchantTargets,
} from "@manaspire/game";
import type { Db } from "../../db/client";
import { GameError } from "../../socket/handlers";
import type { LoadedPlayer } from "../../world/loaded-player";
import type { GuildService } from "./guild-service";
import { guildRow, lockActor, logGuild, requirePermission, setFunds } from "./guild-store";

/** The merchant's guild versions (spec 001 section 9): Fish, Wood and Iron among each other. */
export const GUILD_MERCHANT_LOOT: readonly number[] = [LootId.Fish, LootId.Wood, LootId.Iron];

/**
 * The merchant with the guild's funds (spec 001 section 6: Withdraw Funds): the source leaves
 * the funds and what the merchant gives (at the trading player's rate) joins them, in one
 * transaction holding the guild's lock. No player's balance changes. Returns what was received.
 */
export async function tradeGuildFunds(
  db: Db,
  guilds: GuildService,
  p: LoadedPlayer,
  source: number,
  amount: number,
  target: number,
): Promise<number> {
  const from = lootById(source);
  const to = lootById(target);
  if (!from || !to) throw new GameError("Unknown item.");
  if (
    !GUILD_MERCHANT_LOOT.includes(source) ||
    !GUILD_MERCHANT_LOOT.includes(target) ||
    !merchantTargets(source).includes(target)
  ) {
    throw new GameError(`The merchant does not trade the guild's ${from.name} for ${to.name}.`);
  }
  if (!Number.isSafeInteger(amount) || amount < MERCHANT_MIN_AMOUNT) {
    throw new GameError(`Trade at least ${MERCHANT_MIN_AMOUNT} ${from.name}.`);
  }
  const got = merchantReceived(amount, ascensionOf(p.boosts));
  const guildId = await db.transaction(async (tx) => {
    const actor = await lockActor(tx, p.id);
    requirePermission(actor, GuildPermission.WithdrawFunds);
    const g = await guildRow(tx, actor.guildId);
    const funds = { ...(g?.funds ?? {}) };
    const held = Math.floor(funds[source] ?? 0);
    if (amount > held) {
      throw new GameError(`The guild has only ${held.toLocaleString("en")} ${from.name}.`);
    }
    funds[source] = (funds[source] ?? 0) - amount;
    funds[target] = (funds[target] ?? 0) + got;
    await setFunds(tx, actor.guildId, funds);
    await logGuild(
      tx,
      actor.guildId,
      LogCategory.GuildFunds,
      `${p.name} traded the guild's ${amount.toLocaleString("en")} ${from.name} for ${got.toLocaleString("en")} ${to.name}.`,
    );
    return actor.guildId;
  });
  guilds.changed(guildId);
  return got;
}
