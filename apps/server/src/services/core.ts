import {
  ActionType,
  type Element,
  enemyFor,
  isQuestComplete,
  lootById,
  questKind,
  questRequired,
  questReward,
  resolveEnemySelection,
} from "@manaspire/game";
import type { PlayerPatch } from "@manaspire/protocol";
import { GameError, type HandlerContext, type Handlers } from "../socket/handlers";
import type { LoadedPlayer } from "../world/loaded-player";
import { clearTracker } from "../world/loot-tracker";
import { Col, markDirty } from "../world/player-columns";
import type { PlayerStore } from "../world/player-store";
import { combatStats, playerMaxActions, toPlayerState, totalBoosts } from "../world/player-view";
import type { World } from "../world/world";

/** Core play (the gateway answers heartbeats itself): hydrate, actions, quests, action type, enemy selection, loot tracker. */
export function coreHandlers(world: World, store: PlayerStore): Handlers {
  const update = ({ conn }: HandlerContext, patch: PlayerPatch) =>
    conn.send("playerUpdate", { patch });

  return {
    async hydrate({ conn, player }) {
      conn.send("playerState", { player: toPlayerState(player) });
      conn.send("onlineCounts", world.counts());
      conn.send("lootTracker", { entries: await store.lootTracker(player) });
    },

    refreshActions(ctx) {
      const { player } = ctx;
      const max = playerMaxActions(player);
      if (player.actions >= max) return;
      player.actions = max;
      markDirty(player, Col.actions);
      update(ctx, { actions: player.actions, maxActions: max });
    },

    completeQuest(ctx) {
      const { player } = ctx;
      const kind = questKind(player.actionType);
      const battle = kind === "battle";
      const progress = battle ? player.battleQuestProgress : player.gatherQuestProgress;
      const completed = battle ? player.battleQuestCompleted : player.gatherQuestCompleted;
      if (!isQuestComplete(progress, questRequired(kind, totalBoosts(player)))) {
        throw new GameError("Your quest is not complete yet.");
      }
      const reward = questReward(completed);
      player.loot[reward.lootId] = (player.loot[reward.lootId] ?? 0) + reward.amount;
      if (battle) {
        player.battleQuestProgress = 0;
        player.battleQuestCompleted++;
      } else {
        player.gatherQuestProgress = 0;
        player.gatherQuestCompleted++;
      }
      markDirty(
        player,
        Col.loot,
        Col.battleQuestProgress,
        Col.battleQuestCompleted,
        Col.gatherQuestProgress,
        Col.gatherQuestCompleted,
      );
      update(ctx, {
        battleQuestProgress: player.battleQuestProgress,
        battleQuestCompleted: player.battleQuestCompleted,
        gatherQuestProgress: player.gatherQuestProgress,
        gatherQuestCompleted: player.gatherQuestCompleted,
        loot: { [reward.lootId]: player.loot[reward.lootId] ?? 0 },
      });
      const name = lootById(reward.lootId)?.name ?? "Codex";
      ctx.conn.toast(`Quest complete! You received ${reward.amount} ${name}.`);
    },

    setActionType(ctx, { actionType }) {
      setAction(ctx.player, actionType);
      update(ctx, { actionType: ctx.player.actionType as PlayerPatch["actionType"] });
    },

    selectEnemy(ctx, { zone, enemy, magicType }) {
      const { player } = ctx;
      const selection = resolveEnemySelection(
        { zone: player.zone, enemy: player.enemy, magicType: player.magicType as Element },
        { zone, enemy, magicType: magicType ?? null },
      );
      if (!selection.ok) throw new GameError(selection.error);
      const enemyChanged = selection.zone !== player.zone || selection.enemy !== player.enemy;
      player.zone = selection.zone;
      player.enemy = selection.enemy;
      if (player.magicType !== selection.magicType) {
        player.magicType = selection.magicType;
        player.statsVersion++;
      }
      if (enemyChanged) {
        player.currentEnemyKills = 0;
        player.currentEnemyDeaths = 0;
      }
      markDirty(
        player,
        Col.zone,
        Col.enemy,
        Col.magicType,
        Col.currentEnemyKills,
        Col.currentEnemyDeaths,
      );
      setAction(player, ActionType.Battle);
      const stats = combatStats(player);
      update(ctx, {
        zone: player.zone as PlayerPatch["zone"],
        enemy: player.enemy,
        enemyName: enemyFor(player.zone, player.enemy).name,
        magicType: player.magicType as PlayerPatch["magicType"],
        actionType: player.actionType as PlayerPatch["actionType"],
        currentEnemyKills: player.currentEnemyKills,
        currentEnemyDeaths: player.currentEnemyDeaths,
        totalSpellpower: stats.totalSpellpower,
        totalWard: stats.totalWard,
      });
    },

    clearLootTracker({ player }) {
      clearTracker(player);
    },
  };
}

function setAction(player: LoadedPlayer, actionType: number): void {
  if (player.actionType === actionType) return;
  player.actionType = actionType;
  markDirty(player, Col.actionType);
}
