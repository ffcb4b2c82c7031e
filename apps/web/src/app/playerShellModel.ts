import { deriveCombatStats, type Element, LootId, questKind } from "@manaspire/game";
import type { PlayerState } from "@manaspire/protocol";
import type { QuestState, ResourceStock, ShellModel, SkillProgress } from "./shellModel";

/** Online and Active player counts (the store's `counts`). */
export interface PlayerCounts {
  online: number;
  active: number;
}

function skillOf(progress: PlayerState["battle"]): SkillProgress {
  return {
    level: progress.level,
    experience: progress.experience,
    experienceToLevel: progress.experienceToLevel,
  };
}

function lootOf(player: PlayerState, id: LootId): number {
  const value = player.loot[id];
  return value === undefined || !Number.isFinite(value) ? 0 : value;
}

function stockOf(player: PlayerState, id: LootId, skill: PlayerState["battle"]): ResourceStock {
  return { amount: lootOf(player, id), ...skillOf(skill) };
}

/** Quest of the current action: battle for None/Battle, gather otherwise (spec 000 section 4). */
export function questOf(player: PlayerState): QuestState {
  return questKind(player.actionType) === "battle"
    ? {
        progress: player.battleQuestProgress,
        required: player.battleQuestRequired,
        completed: player.battleQuestCompleted,
      }
    : {
        progress: player.gatherQuestProgress,
        required: player.gatherQuestRequired,
        completed: player.gatherQuestCompleted,
      };
}

/**
 * Maps the server's player state onto what the shell shows. Battle stats are the
 * effective values the rules use (`deriveCombatStats` of @manaspire/game, the same call
 * the server makes), so the status panel matches the battle results.
 */
export function toShellModel(
  player: PlayerState,
  counts: PlayerCounts,
  /** The event banner (features/events `eventBanner`); null between events. */
  eventBanner: string | null = null,
): ShellModel {
  const stats = deriveCombatStats({
    level: player.battle.level,
    boosts: player.totalBoosts,
    magicType: player.magicType as Element,
  });
  return {
    playerName: player.name,
    onlineCount: counts.online,
    activeCount: counts.active,
    eventBanner,
    actionType: player.actionType,
    zone: player.zone,
    skills: {
      battle: skillOf(player.battle),
      mining: skillOf(player.mining),
      fishing: skillOf(player.fishing),
      woodcutting: skillOf(player.woodcutting),
    },
    actions: player.actions,
    maxActions: player.maxActions,
    manaDust: lootOf(player, LootId.ManaDust),
    elementalShards: lootOf(player, LootId.ElementalShards),
    codex: {
      tradeable: lootOf(player, LootId.Codex),
      bound: lootOf(player, LootId.BoundCodex),
    },
    battleStats: {
      intellect: stats.intellect,
      stamina: stats.stamina,
      spirit: stats.spirit,
      focus: stats.focus,
      mana: stats.mana,
      magicType: player.magicType,
      mastery: stats.mastery,
      totalSpellpower: player.totalSpellpower,
      totalWard: player.totalWard,
    },
    resources: {
      fish: stockOf(player, LootId.Fish, player.fishing),
      wood: stockOf(player, LootId.Wood, player.woodcutting),
      iron: stockOf(player, LootId.Iron, player.mining),
    },
    quest: questOf(player),
  };
}
