import {
  type BattleOutcome,
  battleRewardLists,
  battleRewardsInto,
  createBattleOutcome,
  createRng,
  Element,
  enemyFor,
  type ItemDropContext,
  type NewItem,
  NO_GUILD_EFFECTS,
  type Rng,
  resolveBattle,
  rollItemDrop,
} from "@manaspire/game";
import type {
  BattleResult,
  LootTrackerEntry,
  PlayerPatch,
  Item as WireItem,
} from "@manaspire/protocol";
import { addGuildXp } from "./guild-effects";
import type { GuildTaxRule } from "./guild-tax";
import type { LoadedPlayer } from "./loaded-player";
import { grantDrops } from "./loot";
import {
  battleLevel,
  battleLevelChanged,
  battleSkill,
  combatStats,
  ownBoostsRaised,
  rewardSums,
  totalBoosts,
} from "./player-view";

/** The items of an action without a drop (shared; a drop replaces it, never pushes into it). */
export const NO_ITEMS: WireItem[] = Object.freeze([]) as unknown as WireItem[];

/** Reused by every battle of the tick: the world is single-threaded. */
const outcome: BattleOutcome = createBattleOutcome();
/** The same for a battle's rewards (read before the next battle starts). */
const rewardLists = battleRewardLists();
/** A context object the tick fills in place: its fields, without `readonly`. */
export type Reused<T> = { -readonly [K in keyof T]: T[K] };
/** The item-drop roll's context, reused: rollItemDrop reads it and keeps none of it. */
const battleDrop: Reused<ItemDropContext> = {
  source: "battle",
  level: 0,
  boosts: {},
  rng: createRng(0),
  element: Element.Fire,
  worldRate: 1,
  dropMultiplier: 1,
};

export interface ActionReport<R> {
  /** Built only when someone watches (`detailed`). */
  result: R | undefined;
  patch: PlayerPatch;
  tracker: LootTrackerEntry[];
  levelUp: { skill: string; level: number } | undefined;
  /** The item this action dropped, before it is stored (the world applies it). */
  drop: NewItem | null;
  /** Items kept from this action's drop (the result's `items` when detailed); NO_ITEMS if none. */
  items: WireItem[];
}

/**
 * The report of an action nobody watches, one object reused by every such action of the tick:
 * its patch and tracker are written (companions, drops, dungeons) and never read, and nothing
 * keeps it after the action (world.ts `act`). Take `offlineTracker()` before, `offlineReport`
 * at the end.
 */
const offline: ActionReport<never> = {
  result: undefined,
  patch: {},
  tracker: [],
  levelUp: undefined,
  drop: null,
  items: NO_ITEMS,
};

/** The offline report's tracker, emptied: the action's loot entries go in it. */
export function offlineTracker(): LootTrackerEntry[] {
  offline.tracker.length = 0;
  return offline.tracker;
}

/** The offline report for this action (its tracker as `offlineTracker` left it). */
export function offlineReport<R>(
  levelUp: ActionReport<R>["levelUp"],
  drop: NewItem | null,
): ActionReport<R> {
  offline.levelUp = levelUp;
  offline.drop = drop;
  offline.items = NO_ITEMS;
  return offline;
}

/** One battle action: fight the selected enemy, then apply experience, loot and stat drops. */
export function battleAction(
  p: LoadedPlayer,
  rng: Rng,
  now: number,
  detailed: boolean,
  itemDropRate = 1,
  tax?: GuildTaxRule,
): ActionReport<BattleResult> {
  const enemy = enemyFor(p.zone, p.enemy);
  const stats = combatStats(p);
  resolveBattle(stats, enemy, p.magicType as Element, rng, outcome);
  const boosts = totalBoosts(p);
  const sums = rewardSums(p);
  const rewards = battleRewardsInto(
    outcome,
    enemy,
    boosts,
    rng,
    p.guild?.effects ?? NO_GUILD_EFFECTS,
    sums,
    rewardLists,
  );
  let drop: NewItem | null = null;
  if (outcome.won) {
    const ctx = battleDrop;
    ctx.level = enemy.level;
    ctx.boosts = boosts;
    ctx.rng = rng;
    ctx.element = enemy.element;
    ctx.worldRate = itemDropRate;
    ctx.dropMultiplier = sums.dropMultiplier;
    drop = rollItemDrop(ctx);
  }
  const levelBefore = battleLevel(p);

  p.battleXp += rewards.experience;
  addGuildXp(p, rewards.experience);
  if (rewards.baseShards > 0 && p.referrerId !== null) p.referralShards += rewards.baseShards;
  if (outcome.won) {
    if (enemy.level > p.highestEnemy) p.highestEnemy = enemy.level;
    p.kills++;
    p.currentEnemyKills++;
    p.battleQuestProgress++;
  } else {
    p.deaths++;
    p.currentEnemyDeaths++;
  }
  const tracker = detailed ? [] : offlineTracker();
  // Nobody watching: no update patch is sent, so its parts are not built (an empty patch that
  // later steps may write to and nobody reads).
  const {
    totals: lootTotals,
    kept,
    taxed,
  } = grantDrops(p, rewards.loot, tax, now, tracker, detailed);
  let statsChanged = false;
  let boostTotals: Record<number, number> | null = null;
  const drops = rewards.statDrops;
  for (let i = 0; i < drops.size; i++) {
    const id = drops.id(i);
    const gained = drops.amount(i);
    p.boosts[id] = (p.boosts[id] ?? 0) + gained;
    boostTotals ??= {};
    boostTotals[id] = p.boosts[id];
    statsChanged = true;
  }
  const levelAfter = battleLevel(p);
  if (statsChanged) ownBoostsRaised(p, drops);
  else if (levelAfter !== levelBefore) battleLevelChanged(p);
  const levelUp = levelAfter > levelBefore ? { skill: "Battle", level: levelAfter } : undefined;
  if (!detailed) return offlineReport(levelUp, drop);

  const patch: PlayerPatch = {
    battle: battleSkill(p),
    actions: p.actions,
    kills: p.kills,
    deaths: p.deaths,
    currentEnemyKills: p.currentEnemyKills,
    currentEnemyDeaths: p.currentEnemyDeaths,
    battleQuestProgress: p.battleQuestProgress,
    loot: lootTotals,
  };
  if (boostTotals !== null) {
    patch.boosts = boostTotals;
    const totals = totalBoosts(p);
    const changed: Record<number, number> = {};
    for (const key in boostTotals) changed[key] = totals[key] ?? 0;
    patch.totalBoosts = changed;
  }
  if (statsChanged || levelAfter !== levelBefore) {
    const next = combatStats(p);
    patch.totalSpellpower = next.totalSpellpower;
    patch.totalWard = next.totalWard;
  }

  const result: BattleResult = {
    experienceGained: rewards.experience,
    won: outcome.won,
    roundLimitReached: outcome.roundLimitReached,
    health: outcome.health,
    maxHealth: outcome.maxHealth,
    mana: outcome.mana,
    maxMana: outcome.maxMana,
    zone: enemy.zone as BattleResult["zone"],
    enemyId: enemy.number,
    enemyName: enemy.name,
    enemyLevel: enemy.level,
    enemyElement: enemy.element as BattleResult["enemyElement"],
    enemyHealthRemaining: outcome.enemyHealthRemaining,
    enemyMaxHealth: outcome.enemyMaxHealth,
    attacks: outcome.attacks,
    enemyAttacks: outcome.enemyAttacks,
    nullifiedAttacks: outcome.nullifiedAttacks,
    wardStrength: outcome.wardStrength,
    enemyWardStrength: outcome.enemyWardStrength,
    crits: outcome.crits,
    casts: outcome.casts,
    damageDone: outcome.damageDone,
    damageTaken: outcome.damageTaken,
    manaSpent: outcome.manaSpent,
    manaShortage: outcome.manaShortage,
    poisonDamage: outcome.poisonDamage,
    damageHealed: outcome.damageHealed,
    extraLives: outcome.extraLives,
    loot: kept,
    taxed,
    items: NO_ITEMS,
    statDrops: drops.toRecord(),
  };
  return { result, patch, tracker, levelUp, drop, items: NO_ITEMS };
}
