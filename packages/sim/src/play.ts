import {
  AutoDisenchant,
  activePetLevels,
  advantagedMagicType,
  BATTLE_XP_BASE,
  type BattleOutcome,
  battleRewards,
  createBattleOutcome,
  createRng,
  deriveCombatStats,
  disenchantYield,
  dropChanceMultiplier,
  type Element,
  type Enemy,
  enemyAtLevel,
  extraEggChance,
  GATHER_XP_BASE,
  type GatherActionType,
  growActivePets,
  LootId,
  levelFromExperience,
  MAX_ENEMY_LEVEL,
  type NewItem,
  NO_GUILD_EFFECTS,
  PetEffect,
  petXpMultiplier,
  potionBoosts,
  questRequired,
  questReward,
  type Rng,
  reseedRng,
  resolveBattle,
  resolveGather,
  rollItemDrop,
  seedFrom,
  shouldAutoDisenchant,
  splitTax,
  stochasticRound,
  totalBoosts as sumBoosts,
  totalPetLevels,
} from "@manaspire/game";
import { milestone, refreshCompanions, type SimAccount } from "./account";
import { addTo, gain, type Ledger, type Wallet } from "./ledger";

/** The world the actions happen in: its seed, ledger, day, and where taxes go. */
export interface PlayContext {
  readonly worldSeed: number;
  readonly ledger: Ledger;
  day: number;
  /**
   * Actions resolved one by one per batch; the rest of the batch is scaled from them
   * (0: every action, the server's way). docs/simulator.md.
   */
  readonly sample: number;
  /** Guild funds by guild index, and each guild's tax rates (loot id -> %). */
  readonly guildFunds: Wallet[];
  readonly taxRates: Readonly<Record<number, number>>;
  guildXp: number[];
}

export function battleLevelOf(a: SimAccount): number {
  return levelFromExperience(BATTLE_XP_BASE, a.battleXp);
}

export function gatherLevelOf(a: SimAccount, action: GatherActionType): number {
  return levelFromExperience(GATHER_XP_BASE, a.gatherXp[action] ?? 0);
}

/**
 * Own boosts plus the active potions', pets' and sigil's (the server adds gear too: not
 * simulated). Potions scale with the potion boost of the account's own boosts.
 */
export function totalBoostsOf(a: SimAccount): Record<number, number> {
  const potions = a.potions.active.length > 0;
  const companions = a.companions;
  if (!potions) {
    if (companions === null) return a.boosts;
    const out = { ...a.boosts };
    for (const key in companions) out[key] = (out[key] ?? 0) + (companions[key] ?? 0);
    return out;
  }
  return sumBoosts(
    a.boosts,
    {},
    {},
    a.companions ?? {},
    potions ? potionBoosts(a.potions.active, a.boosts) : {},
  );
}

/**
 * Active pets gain the batch's action experience (the server's tick gives each action's, with
 * the same multiplier); their boosts change when one levels up.
 */
export function growPets(a: SimAccount, experience: number): void {
  if (a.companions === null && a.pets.pets.length === 0) return;
  const levels = activePetLevels(a.pets);
  const mult = petXpMultiplier(totalPetLevels(a.pets), levels[PetEffect.PetXp] ?? 0);
  if (growActivePets(a.pets, experience, mult)) refreshCompanions(a);
}

const outcome: BattleOutcome = createBattleOutcome();
const actionRng: Rng = createRng(0);
const probeRng: Rng = createRng(0);

function statsFor(a: SimAccount, enemy: Enemy) {
  return statsAgainst(a, enemy.element);
}

/** The account's combat stats with the magic that has the advantage over `element`. */
export function statsAgainst(a: SimAccount, element: Element) {
  return deriveCombatStats({
    level: battleLevelOf(a),
    boosts: totalBoostsOf(a),
    magicType: advantagedMagicType(element),
    ...(a.guildEffects ? { spellCostFactor: a.guildEffects.spellCost } : {}),
  });
}

/** Whether the account wins `n` of `n` probe battles against a global enemy level. */
function beats(a: SimAccount, level: number, n: number): boolean {
  const enemy = enemyAtLevel(level);
  const stats = statsFor(a, enemy);
  const mt = advantagedMagicType(enemy.element);
  for (let i = 0; i < n; i++) {
    reseedRng(probeRng, seedFrom(a.id, a.actionCounter, level, i));
    if (!resolveBattle(stats, enemy, mt, probeRng, outcome).won) return false;
  }
  return true;
}

/**
 * Enemy policy (what a player does at the enemy screen): step up while the next enemies are
 * beaten in 3 of 3 probe battles, step down while the current one is not.
 */
export function chooseEnemy(a: SimAccount): void {
  let level = a.enemyLevel;
  let guard = 0;
  while (level > 1 && !beats(a, level, 2) && guard++ < 40)
    level = Math.max(1, Math.floor(level * 0.9));
  guard = 0;
  for (;;) {
    const next = Math.min(MAX_ENEMY_LEVEL, Math.max(level + 1, Math.ceil(level * 1.05)));
    if (next === level || guard++ >= 40 || !beats(a, next, 3)) break;
    level = next;
  }
  a.enemyLevel = level;
}

/** Loot of a batch, and how it splits between the account and its guild. */
function grant(ctx: PlayContext, a: SimAccount, loot: Record<number, number>, name: string): void {
  if ((loot[LootId.Codex] ?? 0) > 0) milestone(a, "first codex", ctx.day);
  if (a.guild < 0) {
    gain(ctx.ledger, a.wallet, loot, name);
    return;
  }
  // Taxed like the server's taxLoot: the guild's share moves to its funds, Magical
  // Accounting's bonus on that share is created.
  const effects = a.guildEffects ?? NO_GUILD_EFFECTS;
  const { kept, taxed } = splitTax(loot, ctx.taxRates, {}, effects.taxBoost);
  const funds = ctx.guildFunds[a.guild] as Wallet;
  for (const key in loot) {
    const id = Number(key);
    const amount = loot[id] ?? 0;
    ctx.ledger.source(id, name, amount);
    addTo(a.wallet, id, kept[id] ?? 0);
    const share = amount - (kept[id] ?? 0);
    const t = taxed[id] ?? 0;
    addTo(funds, id, t);
    if (t !== share) ctx.ledger.source(id, "guild tax bonus", t - share);
  }
}

/**
 * Item policy: the auto-disenchant preference at its highest (Rare): a dropped item of Rare
 * or below becomes its yield at once (`disenchantYield`, as the server's item-drops.ts); an
 * Epic or better one is kept (counted: equipment is not simulated).
 */
export const SIM_AUTO_DISENCHANT = AutoDisenchant.Rare;

/** A dropped item: its yield added to `salvage`, or 1 when it is kept. */
function dropped(drop: NewItem | null, salvage: Record<number, number>): number {
  if (drop === null) return 0;
  if (!shouldAutoDisenchant(drop, SIM_AUTO_DISENCHANT)) return 1;
  const y = disenchantYield({ ...drop, id: 0 });
  for (const key in y) salvage[key] = (salvage[key] ?? 0) + (y[key] ?? 0);
  return 0;
}

/** Disenchanted loot (untaxed, as the server's grantLoot of a yield) and kept items. */
function grantItems(
  ctx: PlayContext,
  a: SimAccount,
  salvage: Record<number, number>,
  kept: number,
  factor: number,
  rng: Rng,
): void {
  gain(ctx.ledger, a.wallet, scaleLoot(salvage, factor, rng), "disenchanting");
  a.itemsKept += factor === 1 ? kept : stochasticRound(kept * factor, rng);
}

function addStatDrops(a: SimAccount, drops: Readonly<Record<number, number>>, scale = 1): boolean {
  let any = false;
  for (const key in drops) {
    const id = Number(key);
    const v = drops[id] ?? 0;
    if (v === 0) continue;
    a.boosts[id] = (a.boosts[id] ?? 0) + v * scale;
    any = true;
  }
  return any;
}

function scaleLoot(loot: Record<number, number>, factor: number, rng: Rng): Record<number, number> {
  if (factor === 1) return loot;
  const out: Record<number, number> = {};
  for (const key in loot) out[key] = stochasticRound((loot[key] ?? 0) * factor, rng);
  return out;
}

/**
 * `n` battle actions against the account's enemy. Every action seeds its generator like the
 * server's world tick. With `ctx.sample` > 0 only that many actions are resolved and the rest
 * of the batch is scaled from them (stats fixed for the batch).
 */
export function battleBatch(ctx: PlayContext, a: SimAccount, n: number): void {
  const enemy = enemyAtLevel(a.enemyLevel);
  const mt = advantagedMagicType(enemy.element);
  const guild = a.guildEffects ?? NO_GUILD_EFFECTS;
  const exact = ctx.sample <= 0 || ctx.sample >= n;
  const resolved = exact ? n : ctx.sample;
  const factor = n / resolved;
  let stats = statsFor(a, enemy);
  let boosts = totalBoostsOf(a);
  let level = battleLevelOf(a);
  const loot: Record<number, number> = {};
  const drops: Record<number, number> = {};
  const salvage: Record<number, number> = {};
  let kept = 0;
  let wins = 0;
  let xp = 0;
  for (let i = 0; i < resolved; i++) {
    const rng = reseedRng(actionRng, seedFrom(a.id, a.actionCounter, ctx.worldSeed));
    a.actionCounter += exact ? 1 : factor;
    a.actionCounter = Math.round(a.actionCounter);
    resolveBattle(stats, enemy, mt, rng, outcome);
    const r = battleRewards(outcome, enemy, boosts, rng, guild);
    if (!outcome.won) continue;
    // The server rolls the item drop of a won battle next, with the same generator.
    const drop = rollItemDrop({
      source: "battle",
      level: enemy.level,
      boosts,
      rng,
      element: enemy.element,
    });
    if (drop !== null) kept += dropped(drop, salvage);
    wins++;
    xp += r.experience;
    for (const key in r.loot) loot[key] = (loot[key] ?? 0) + (r.loot[key] ?? 0);
    if (exact) {
      a.battleXp += r.experience;
      if (ctx.guildXp[a.guild] !== undefined) ctx.guildXp[a.guild]! += r.experience * 0.01;
      const changed = addStatDrops(a, r.statDrops);
      const lv = battleLevelOf(a);
      if (changed || lv !== level) {
        level = lv;
        boosts = totalBoostsOf(a);
        stats = statsFor(a, enemy);
      }
    } else {
      for (const key in r.statDrops) drops[key] = (drops[key] ?? 0) + (r.statDrops[key] ?? 0);
    }
  }
  const scale = reseedRng(actionRng, seedFrom(a.id, a.actionCounter, ctx.worldSeed, 1));
  const totalWins = exact ? wins : stochasticRound(wins * factor, scale);
  if (!exact) {
    const gained = Math.floor(xp * factor);
    a.battleXp += gained;
    if (ctx.guildXp[a.guild] !== undefined) ctx.guildXp[a.guild]! += gained * 0.01;
    addStatDrops(a, scaleLoot(drops, factor, scale));
  }
  grant(ctx, a, scaleLoot(loot, factor, scale), "battle");
  grantItems(ctx, a, salvage, kept, factor, scale);
  growPets(a, exact ? xp : Math.floor(xp * factor));
  a.kills += totalWins;
  a.deaths += n - totalWins;
  if (totalWins > 0 && enemy.level > a.highestEnemy) a.highestEnemy = enemy.level;
  quest(ctx, a, "battle", totalWins);
  const lv = battleLevelOf(a);
  for (const m of [50, 100, 200, 500]) if (lv >= m) milestone(a, `battle level ${m}`, ctx.day);
}

/** `n` gathering actions of one skill (seeded like the server's, scaled like battleBatch). */
export function gatherBatch(
  ctx: PlayContext,
  a: SimAccount,
  action: GatherActionType,
  n: number,
): void {
  const exact = ctx.sample <= 0 || ctx.sample >= n;
  const resolved = exact ? n : ctx.sample;
  const factor = n / resolved;
  const guild = a.guildEffects;
  let level = gatherLevelOf(a, action);
  let boosts = totalBoostsOf(a);
  const loot: Record<number, number> = {};
  const salvage: Record<number, number> = {};
  let kept = 0;
  let xp = 0;
  for (let i = 0; i < resolved; i++) {
    const rng = reseedRng(actionRng, seedFrom(a.id, a.actionCounter, ctx.worldSeed));
    a.actionCounter = Math.round(a.actionCounter + (exact ? 1 : factor));
    const r = resolveGather({ action, level, boosts, rng, guild });
    const drop = rollItemDrop({ source: "gathering", level, skill: action, boosts, rng });
    if (drop !== null) kept += dropped(drop, salvage);
    xp += r.experience;
    for (const key in r.loot) loot[key] = (loot[key] ?? 0) + (r.loot[key] ?? 0);
    if (exact) {
      a.gatherXp[action] = (a.gatherXp[action] ?? 0) + r.experience;
      level = gatherLevelOf(a, action);
    }
  }
  const scale = reseedRng(actionRng, seedFrom(a.id, a.actionCounter, ctx.worldSeed, 2));
  if (!exact) a.gatherXp[action] = (a.gatherXp[action] ?? 0) + Math.floor(xp * factor);
  boosts = totalBoostsOf(a);
  // The server rolls a gathering action's egg after it (extraEggChance): the batch's expectation.
  const egg = extraEggChance({
    source: "gathering",
    won: true,
    dropMultiplier: dropChanceMultiplier(boosts),
    petChance: 0,
    worldRate: 1,
  });
  const eggs = stochasticRound(n * egg, scale);
  const gathered = scaleLoot(loot, factor, scale);
  if (eggs > 0) gathered[LootId.Egg] = (gathered[LootId.Egg] ?? 0) + eggs;
  grant(ctx, a, gathered, "gathering");
  grantItems(ctx, a, salvage, kept, factor, scale);
  growPets(a, exact ? xp : Math.floor(xp * factor));
  quest(ctx, a, "gather", n);
  const lv = gatherLevelOf(a, action);
  for (const m of [50, 100, 200]) if (lv >= m) milestone(a, `gathering level ${m}`, ctx.day);
}

/** Quest progress; every completed quest pays its reward (the player claims it at once). */
function quest(ctx: PlayContext, a: SimAccount, kind: "battle" | "gather", progress: number) {
  a.questProgress[kind] += progress;
  const required = questRequired(kind, a.boosts);
  while (a.questProgress[kind] >= required) {
    a.questProgress[kind] -= required;
    const r = questReward(a.questsDone[kind]);
    a.questsDone[kind]++;
    gain(ctx.ledger, a.wallet, { [r.lootId]: r.amount }, "quests");
    milestone(a, `first ${kind} quest`, ctx.day);
  }
}
