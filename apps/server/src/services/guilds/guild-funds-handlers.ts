import {
  GUILD_WITHDRAWABLE,
  GuildPermission,
  hasMarket,
  LogCategory,
  LootId,
  lootById,
} from "@manaspire/game";
import { GameError, type Handlers } from "../../socket/handlers";
import { CreditKind } from "../../world/credits";
import { Col, markDirty } from "../../world/player-columns";
import { fmt } from "../format";
import type { GuildDeps } from "./guild-change";
import {
  addContribution,
  guildRow,
  lockActor,
  logGuild,
  requirePermission,
  setFunds,
} from "./guild-store";

/**
 * The guild's funds: a donation is taken from the member's memory and written with the funds
 * in one transaction (`store.transact`, alone: it waits for this member's writes only); a
 * withdrawal is paid as a credit the member's owner applies, committed with the funds it
 * comes from.
 */
export function guildFundsHandlers(deps: GuildDeps): Handlers {
  const { store, guilds } = deps;
  return {
    async guildDonate({ conn, player }, { lootId, amount }) {
      if (!Number.isSafeInteger(amount) || amount === 0) {
        throw new GameError("Enter a whole amount.");
      }
      const def = lootById(lootId);
      if (!def || (lootId !== LootId.ManaDust && !hasMarket(lootId))) {
        throw new GameError("That cannot go into the guild's funds.");
      }
      if (amount > 0) {
        let guildId = 0;
        await store.transact({
          players: [player],
          order: "alone",
          take: () => {
            if ((player.loot[lootId] ?? 0) < amount) {
              throw new GameError(
                `You only have ${fmt(Math.floor(player.loot[lootId] ?? 0))} ${def.name}.`,
              );
            }
            player.loot[lootId] = (player.loot[lootId] ?? 0) - amount;
            markDirty(player, Col.loot);
          },
          undo: () => {
            player.loot[lootId] = (player.loot[lootId] ?? 0) + amount;
            markDirty(player, Col.loot);
          },
          work: async (tx) => {
            const actor = await lockActor(tx, player.id);
            guildId = actor.guildId;
            const g = await guildRow(tx, actor.guildId);
            const funds = { ...(g?.funds ?? {}) };
            funds[lootId] = (funds[lootId] ?? 0) + amount;
            await setFunds(tx, actor.guildId, funds);
            await addContribution(tx, player.id, lootId, amount);
            await logGuild(
              tx,
              actor.guildId,
              LogCategory.GuildFunds,
              `${player.name} donated ${fmt(amount)} ${def.name}.`,
            );
          },
        });
        conn.send("playerUpdate", { patch: { loot: { [lootId]: player.loot[lootId] ?? 0 } } });
        guilds.changed(guildId);
        conn.toast(`You donated ${fmt(amount)} ${def.name} to the guild.`);
        return;
      }
      const want = -amount;
      if (!GUILD_WITHDRAWABLE.includes(lootId)) {
        throw new GameError("Only Mana Dust and Elemental Shards can be withdrawn.");
      }
      let guildId = 0;
      await store.transact({
        players: [player],
        order: "alone",
        work: async (tx, credit) => {
          const actor = await lockActor(tx, player.id);
          guildId = actor.guildId;
          requirePermission(actor, GuildPermission.WithdrawFunds);
          const g = await guildRow(tx, actor.guildId);
          const funds = { ...(g?.funds ?? {}) };
          const have = funds[lootId] ?? 0;
          if (have < want) {
            throw new GameError(`The guild has only ${fmt(Math.floor(have))} ${def.name}.`);
          }
          funds[lootId] = have - want;
          await setFunds(tx, actor.guildId, funds);
          await credit({
            playerId: player.id,
            kind: CreditKind.Loot,
            loot: { [lootId]: want },
            itemId: null,
            note: "",
          });
          await logGuild(
            tx,
            actor.guildId,
            LogCategory.GuildFunds,
            `${player.name} withdrew ${fmt(want)} ${def.name}.`,
          );
        },
      });
      guilds.changed(guildId);
      conn.toast(`You withdrew ${fmt(want)} ${def.name} from the guild.`);
    },
  };
}
