import {
  canBuyGuildUpgrade,
  GUILD_UPGRADE_NAMES,
  GuildPermission,
  type GuildUpgrade,
  guildUpgradeCost,
  LogCategory,
  lootById,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import { GameError, type Handlers } from "../../socket/handlers";
import { fmt } from "../format";
import { type GuildDeps, guildChange, NOT_IN_GUILD_TEXT } from "./guild-change";
import { guildIdOf, guildRow, logGuild, requirePermission } from "./guild-store";

/** Guild upgrades: read them, mark one next, buy a level from the guild's funds. */
export function guildUpgradeHandlers(deps: GuildDeps): Handlers {
  const { db } = deps;
  const change = guildChange(deps);
  return {
    async refreshGuildUpgrades({ conn, player }) {
      const guildId = await guildIdOf(db, player.id);
      const g = guildId === undefined ? undefined : await guildRow(db, guildId);
      if (!g) throw new GameError("You are not in a guild.");
      conn.send("guildUpgrades", { upgrades: g.upgrades, next: g.nextUpgrade ?? undefined });
    },

    async markGuildUpgrade({ conn, player }, { upgrade }) {
      const type = upgrade as GuildUpgrade;
      const text = await change(player, async (tx, actor) => {
        requirePermission(actor, GuildPermission.Upgrades);
        const g = await guildRow(tx, actor.guildId);
        const next = g?.nextUpgrade === type ? null : type;
        await tx.execute(sql`update guilds set next_upgrade = ${next} where id = ${actor.guildId}`);
        const name = GUILD_UPGRADE_NAMES[type];
        const line =
          next === null
            ? `${player.name} unmarked ${name}.`
            : `${player.name} marked ${name} next.`;
        await logGuild(tx, actor.guildId, LogCategory.GuildUpgrade, line);
        return next === null ? `${name} is no longer marked.` : `${name} is marked next.`;
      });
      conn.toast(text);
    },

    async purchaseGuildUpgrade({ conn, player }, { upgrade }) {
      const type = upgrade as GuildUpgrade;
      const name = GUILD_UPGRADE_NAMES[type];
      const text = await change(player, async (tx, actor) => {
        requirePermission(actor, GuildPermission.Upgrades);
        const g = await guildRow(tx, actor.guildId);
        if (!g) throw new GameError(NOT_IN_GUILD_TEXT);
        if (!canBuyGuildUpgrade(type, g.nextUpgrade)) {
          const marked = GUILD_UPGRADE_NAMES[g.nextUpgrade as GuildUpgrade];
          throw new GameError(`${marked} is marked next: only it can be bought.`);
        }
        const level = (g.upgrades[type] ?? 0) + 1;
        const cost = guildUpgradeCost(type, level);
        if (!cost) throw new GameError(`${name} is at its highest level.`);
        const funds = { ...g.funds };
        for (const [k, v] of Object.entries(cost)) {
          const id = Number(k);
          if ((funds[id] ?? 0) < v) {
            throw new GameError(
              `The guild needs ${fmt(v)} ${lootById(id)?.name ?? id} for ${name} level ${level}.`,
            );
          }
          funds[id] = (funds[id] ?? 0) - v;
        }
        const upgrades = { ...g.upgrades, [type]: level };
        await tx.execute(sql`
          update guilds set funds = ${JSON.stringify(funds)}::jsonb,
            upgrades = ${JSON.stringify(upgrades)}::jsonb,
            total_upgrades = total_upgrades + 1,
            next_upgrade = case when next_upgrade = ${type} then null else next_upgrade end
          where id = ${actor.guildId}`);
        await logGuild(
          tx,
          actor.guildId,
          LogCategory.GuildUpgrade,
          `${player.name} bought ${name} level ${level}.`,
        );
        return `${name} is now level ${level}.`;
      });
      conn.toast(text);
    },
  };
}
