import {
  BASE_STAT_IDS,
  BATTLE_XP_BASE,
  type BoostId,
  ChatRole,
  type CombatStats,
  type DropList,
  DungeonBoost,
  deriveCombatStats,
  type Element,
  enemyFor,
  equipmentBoosts,
  GATHER_XP_BASE,
  type GatherBoosts,
  gatherBoosts,
  guildMaxActionsPercent,
  hasQoL,
  levelFromExperience,
  levelProgress,
  maxActions,
  questRequired,
  type RewardBoosts,
  resumBoost,
  rewardBoosts,
  type SkillLevels,
  sigilBoosts,
  sigilLevel,
  staffElementOf,
  totalBoosts as sumBoosts,
} from "@manaspire/game";
import type { PlayerState, SkillProgress } from "@manaspire/protocol";
import { companionBoosts, companionCombat } from "./companion-effects";
import { dungeonFields } from "./dungeon-view";
import type { LoadedPlayer } from "./loaded-player";
import type { DerivedCache } from "./loaded-player-parts";

/**
 * The player's cache, emptied first if boosts, level, sigil or equipment changed since (an
 * equipment change also moves `statsVersion`: the inventory is bound to its player).
 */
function derived(p: LoadedPlayer): DerivedCache {
  const d = p.derived;
  if (d.statsVersion !== p.statsVersion) {
    d.statsVersion = p.statsVersion;
    d.totals = null;
    d.rewards = null;
    d.gather = null;
    d.dungeonUnlocked = null;
    d.stats = null;
  }
  return d;
}

/**
 * The player's total boosts: own boosts (research, stat drops, purchases; enchanting skill
 * ranks left out), equipped items and the active sigil. Cached until boosts, equipment or the
 * sigil change; callers must not modify the map.
 */
export function totalBoosts(p: LoadedPlayer): Record<number, number> {
  const d = derived(p);
  if (d.totals === null) {
    const equipmentVersion = p.inventory.equipmentVersion;
    if (d.equipment === null || d.equipmentVersion !== equipmentVersion) {
      d.equipment = equipmentBoosts(p.inventory.equipped());
      d.equipmentVersion = equipmentVersion;
    }
    const { sigil, companions } = boostSources(p);
    if (companions !== null) {
      d.totals = sumBoosts(p.boosts, {}, d.equipment, sigil, companions);
    } else {
      // Nothing to add (no gear, no sigil, no enchanting skills to leave out): the own boosts
      // are the totals, without a copy per player.
      d.totals =
        isEmpty(d.equipment) && isEmpty(sigil) && !hasEnchantingSkill(p.boosts)
          ? p.boosts
          : sumBoosts(p.boosts, {}, d.equipment, sigil);
    }
  }
  return d.totals;
}

/** The reward sums of the player's total boosts, cached with them (battles and gathering). */
export function rewardSums(p: LoadedPlayer): RewardBoosts {
  const d = derived(p);
  d.rewards ??= rewardBoosts(totalBoosts(p));
  return d.rewards;
}

/** The own boosts an idle dungeon step reads, cached with the totals (dungeon-idle.ts). */
export function idleDungeonBoosts(p: LoadedPlayer): DerivedCache {
  const d = derived(p);
  if (d.dungeonUnlocked === null) {
    d.dungeonUnlocked = p.boosts[DungeonBoost.Unlocked] ?? 0;
    d.dungeonIdle = p.boosts[DungeonBoost.Idle] ?? 0;
  }
  return d;
}

/** The gathering sums of the player's total boosts, cached with them. */
export function gatherSums(p: LoadedPlayer): GatherBoosts {
  const d = derived(p);
  d.gather ??= gatherBoosts(totalBoosts(p));
  return d.gather;
}

/**
 * Stat drops just raised the player's own boosts `raised` (base stats, 3-7). When the totals
 * are cached, only those ids are summed again, over the same maps in the same order as
 * `totalBoosts` sums them (the same numbers to the last bit), and only the combat stats are
 * dropped: the reward and gathering sums read no base stat. A whole recount (`statsVersion`)
 * on ~1 battle in 40 was a fifth of the tick's allocations. Anything else raised: a recount.
 */
export function ownBoostsRaised(p: LoadedPlayer, raised: DropList): void {
  const d = p.derived;
  let baseStatsOnly = true;
  for (let i = 0; i < raised.size; i++) {
    if (!BASE_STAT_IDS.includes(raised.id(i) as BoostId)) baseStatsOnly = false;
  }
  if (!baseStatsOnly || d.statsVersion !== p.statsVersion || d.totals === null) {
    p.statsVersion++;
    return;
  }
  const totals = d.totals;
  if (totals !== p.boosts) {
    const { sigil, companions } = boostSources(p);
    const equipment = d.equipment ?? {};
    for (let i = 0; i < raised.size; i++) {
      const id = raised.id(i);
      if (companions !== null) resumBoost(totals, id, p.boosts, {}, equipment, sigil, companions);
      else resumBoost(totals, id, p.boosts, {}, equipment, sigil);
    }
  }
  d.stats = null;
}

/**
 * What the totals add to the own boosts and equipment: the active sigil, and active potions
 * (scaled by the potion boost: research and the Distillation sigil) and pets
 * (companion-effects.ts, cached until they change).
 */
function boostSources(p: LoadedPlayer): {
  sigil: Record<number, number>;
  companions: Record<number, number> | null;
} {
  const sigil = sigilBoosts(p.sigil.active, sigilLevel(p.sigil.points));
  return { sigil, companions: companionBoosts(p, (p.boosts[108] ?? 0) + (sigil[108] ?? 0)) };
}

function isEmpty(map: Readonly<Record<number, number>>): boolean {
  for (const _ in map) return false;
  return true;
}

function hasEnchantingSkill(boosts: Readonly<Record<number, number>>): boolean {
  for (let id = 60; id <= 71; id++) if (boosts[id] !== undefined) return true;
  return false;
}

export function battleLevel(p: LoadedPlayer): number {
  return levelFromExperience(BATTLE_XP_BASE, p.battleXp);
}

/**
 * The battle level moved (and nothing else): the combat stats, which depend on it, are
 * recomputed when next needed; the total boosts, which do not, are kept. (Low-level players
 * level up every few actions; recomputing their totals too was a large share of the tick.)
 */
export function battleLevelChanged(p: LoadedPlayer): void {
  p.derived.stats = null;
}

/** Combat stats, recomputed only when boosts, level, sigil, equipment or guild changed. */
export function combatStats(p: LoadedPlayer): CombatStats {
  const d = derived(p);
  if (d.stats === null) {
    const staffElement = staffElementOf(p.inventory.equipped());
    d.stats = deriveCombatStats({
      level: battleLevel(p),
      boosts: totalBoosts(p),
      magicType: p.magicType as Element,
      ...(staffElement !== undefined ? { staffElement } : {}),
      ...companionCombat(p),
      ...(p.guild ? { spellCostFactor: p.guild.effects.spellCost } : {}),
    });
  }
  return d.stats;
}

/**
 * The four skill levels, for equip requirements. As in combat, a level below 1 counts as 1, so
 * a new player (level 0) can wear the level-1 gear the first enemies drop.
 */
export function skillLevels(p: LoadedPlayer): SkillLevels {
  const level = (base: number, xp: number) => Math.max(1, levelProgress(base, xp).level);
  return {
    battle: level(BATTLE_XP_BASE, p.battleXp),
    mining: level(GATHER_XP_BASE, p.miningXp),
    fishing: level(GATHER_XP_BASE, p.fishingXp),
    woodcutting: level(GATHER_XP_BASE, p.woodcuttingXp),
  };
}

export function skill(base: number, experience: number): SkillProgress {
  const progress = levelProgress(base, experience);
  return {
    level: progress.level,
    experience: progress.experience,
    experienceToLevel: progress.experienceToLevel,
  };
}

export const battleSkill = (p: LoadedPlayer) => skill(BATTLE_XP_BASE, p.battleXp);
export const miningSkill = (p: LoadedPlayer) => skill(GATHER_XP_BASE, p.miningXp);
export const fishingSkill = (p: LoadedPlayer) => skill(GATHER_XP_BASE, p.fishingXp);
export const woodcuttingSkill = (p: LoadedPlayer) => skill(GATHER_XP_BASE, p.woodcuttingXp);

/** Max actions: the Actions boost and the guild's Sleeping Quarters. */
export function playerMaxActions(p: LoadedPlayer): number {
  return maxActions(totalBoosts(p), p.guild ? guildMaxActionsPercent(p.guild.effects) : 0);
}

const DEFAULT_PREFERENCES = {
  autoJoinElementalRift: true,
  autoSiphonRiftOfPower: 0,
  autoDisenchant: 0 as 0 | 1 | 2 | 3,
  blockEnchants: false,
  autoCollectFarm: false,
};

export function preferencesOf(p: LoadedPlayer): PlayerState["preferences"] {
  return { ...DEFAULT_PREFERENCES, ...(p.preferences as Partial<PlayerState["preferences"]>) };
}

/** The account's role as the protocol carries it; an unknown value counts as a player. */
export function roleOf(p: LoadedPlayer): PlayerState["role"] {
  return p.role === ChatRole.Moderator || p.role === ChatRole.Admin ? p.role : ChatRole.Player;
}

/** Spec 000 section 3 "Player state", in full. */
export function toPlayerState(p: LoadedPlayer): PlayerState {
  const stats = combatStats(p);
  const boosts = totalBoosts(p);
  return {
    id: p.id,
    name: p.name,
    guest: p.guest,
    battle: battleSkill(p),
    mining: miningSkill(p),
    fishing: fishingSkill(p),
    woodcutting: woodcuttingSkill(p),
    zone: p.zone as PlayerState["zone"],
    enemy: p.enemy,
    enemyName: enemyFor(p.zone, p.enemy).name,
    magicType: p.magicType as PlayerState["magicType"],
    actionType: p.actionType as PlayerState["actionType"],
    actions: p.actions,
    maxActions: playerMaxActions(p),
    kills: p.kills,
    deaths: p.deaths,
    battleQuestProgress: p.battleQuestProgress,
    battleQuestRequired: questRequired("battle", boosts),
    battleQuestCompleted: p.battleQuestCompleted,
    gatherQuestProgress: p.gatherQuestProgress,
    gatherQuestRequired: questRequired("gather", boosts),
    gatherQuestCompleted: p.gatherQuestCompleted,
    currentEnemyKills: p.currentEnemyKills,
    currentEnemyDeaths: p.currentEnemyDeaths,
    boosts: p.boosts,
    totalBoosts: boosts,
    loot: p.loot,
    taxes: p.taxes,
    referrerRewards: {},
    verified: true,
    totalSpellpower: stats.totalSpellpower,
    totalWard: stats.totalWard,
    sigilBoost: p.sigil.points,
    title: p.title,
    titleColor: p.titleColor,
    hasQoL: hasQoL(p.qolEnd, Date.now()),
    qolEnd: p.qolEnd,
    preferences: preferencesOf(p),
    ...dungeonFields(p),
    unlockedSkins: p.pets.skins.map((k) => ({ petType: k.type, skin: k.skin })),
    role: roleOf(p),
    activeSigil: p.sigil.active,
  };
}
