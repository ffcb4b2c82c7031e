import {
  ascensionCost,
  beltCapacity,
  brewPotion,
  collectFarm,
  completionTreasure,
  DungeonBoost,
  type DungeonSize,
  drinkPotion,
  feedPet,
  type GuildUpgrade,
  guildUpgradeCost,
  idleStep,
  isEnchantingSkill,
  LootId,
  maxAffordable,
  PetEffect,
  PotionBoost,
  potionByBoost,
  purchaseGrant,
  queueMax,
  type Rng,
  researchById,
  selectPet,
  unlockCap,
  unlockPet,
  validatePurchase,
} from "@manaspire/game";
import { milestone, refreshCompanions, type SimAccount } from "./account";
import { addTo, gain, type Ledger, spend, type Wallet } from "./ledger";
import { GUILD_UPGRADE_ORDER, type Profile } from "./profiles";

const HOUR_MS = 3_600_000;

const plans = new WeakMap<readonly number[], { payWith: readonly number[]; sharing: number }[]>();

/**
 * For each entry of a research list, what pays it and how many entries from it on share its
 * currency (the entry's equal share), computed once per list.
 */
function researchPlan(list: readonly number[]) {
  let plan = plans.get(list);
  if (!plan) {
    plan = list.map((id, i) => {
      const currency = researchById(id)?.currency;
      let sharing = 1;
      for (let j = i + 1; j < list.length; j++) {
        if (researchById(list[j] as number)?.currency === currency) sharing++;
      }
      return { payWith: researchById(id)?.payWith ?? [], sharing };
    });
    plans.set(list, plan);
  }
  return plan;
}

/**
 * Research policy: over the profile's list in order, each entry gets an equal share of what is
 * still affordable of its currency (maxAffordable), bought through validatePurchase (the real
 * prices, caps and bound-codex-first payment).
 */
export function buyResearch(ledger: Ledger, a: SimAccount, profile: Profile, day: number): number {
  let bought = 0;
  const d = a.dungeon;
  const opts = {
    buildingCost: a.guildEffects?.buildingCost,
    dungeonUnlockCap: d
      ? unlockCap(
          {
            completed: d.completed,
            inProgress: false,
            unlocked: a.boosts[DungeonBoost.Unlocked] ?? 0,
          },
          queueMax(a.boosts[DungeonBoost.Queue] ?? 0, false),
        )
      : undefined,
  };
  const list = profile.research;
  const plan = researchPlan(list);
  for (let i = 0; i < list.length; i++) {
    const boostId = list[i] as number;
    const { payWith, sharing } = plan[i] as (typeof plan)[number];
    // Nothing to pay with: nothing to buy (spares maxAffordable's search).
    if (payWith.every((id) => (a.wallet[id] ?? 0) <= 0)) continue;
    const levels = isEnchantingSkill(boostId) ? a.skills : a.boosts;
    const level = levels[boostId] ?? 0;
    const can = maxAffordable(boostId, level, a.wallet, opts);
    if (can <= 0) continue;
    const check = validatePurchase(
      boostId,
      level,
      Math.max(1, Math.floor(can / sharing)),
      a.wallet,
      opts,
    );
    if (!check.ok) continue;
    spend(ledger, a.wallet, check.payment, `research ${boostId}`);
    bought += check.level - level;
    levels[boostId] = check.level;
  }
  if (bought > 0) milestone(a, "first research", day);
  return bought;
}

/** Farm policy: collect when grown (real upkeep and debt rules), at `nowMs` since the start. */
export function tendFarm(ledger: Ledger, a: SimAccount, nowMs: number, rng: Rng): void {
  if (a.farmHarvest < 0) return;
  const r = collectFarm({
    lastHarvest: a.farmHarvest,
    now: nowMs,
    boosts: a.boosts,
    manaDust: a.wallet[LootId.ManaDust] ?? 0,
    rng,
  });
  if (!r.ok) return;
  gain(ledger, a.wallet, r.harvest.herbs, "farm");
  spend(ledger, a.wallet, [{ lootId: LootId.ManaDust, amount: r.harvest.upkeep }], "farm upkeep");
  a.farmHarvest = r.harvest.lastHarvest;
}

/** Brewer policy: Wisdom potions of tier 1 with every Sageroot, as many as the belt holds. */
export function brew(ledger: Ledger, a: SimAccount): void {
  const herbs = a.wallet[LootId.Sageroot] ?? 0;
  if (herbs <= 0) return;
  for (let amount = Math.min(99, herbs); amount >= 1; amount = Math.floor(amount / 2)) {
    const r = brewPotion(
      a.potions,
      { boost: PotionBoost.Wisdom, tier: 1, amount, autoConsume: true },
      a.wallet,
      a.boosts,
    );
    if (!r.ok) continue;
    spend(ledger, a.wallet, r.cost, "brewing");
    a.potions = r.state;
    return;
  }
}

/**
 * Renewal policy (the farmer): Renewal potions of the highest tier (10: 10 Sunpetal, 2,000
 * actions each) with AutoConsume, filling at most half the belt (Wisdom gets the rest).
 */
export function brewRenewal(ledger: Ledger, a: SimAccount): void {
  const tier = potionByBoost(PotionBoost.Renewal)?.maxTier ?? 1;
  const held = a.potions.belt.find((b) => b.boost === PotionBoost.Renewal)?.amount ?? 0;
  const want = Math.floor(beltCapacity(a.boosts) / 2) - held;
  const amount = Math.min(want, Math.floor((a.wallet[LootId.Sunpetal] ?? 0) / tier));
  if (amount < 1) return;
  const r = brewPotion(
    a.potions,
    { boost: PotionBoost.Renewal, tier, amount, autoConsume: true },
    a.wallet,
    a.boosts,
  );
  if (!r.ok) return;
  spend(ledger, a.wallet, r.cost, "brewing");
  a.potions = r.state;
}

/** Drinks a Wisdom potion for the next action load (one hour, the load's length). */
export function drinkForLoad(a: SimAccount): void {
  a.potions.active = [];
  const r = drinkPotion(a.potions, PotionBoost.Wisdom, a.boosts);
  if (r.ok) a.potions = r.state;
}

export function endLoad(a: SimAccount): void {
  if (a.potions.active.length > 0) a.potions = { ...a.potions, active: [] };
}

/** Premium policy: a purchase every 7 days; all Crystallized Mana goes into Ascension points. */
export function premiumDay(ledger: Ledger, a: SimAccount, profile: Profile, day: number): void {
  if (profile.premiumEuros <= 0 || day % 7 !== 0) return;
  const g = purchaseGrant(profile.premiumEuros);
  gain(
    ledger,
    a.wallet,
    { [LootId.Codex]: g.codex, [LootId.CrystallizedMana]: g.crystallizedMana },
    "premium shop",
  );
  a.boosts[109] = (a.boosts[109] ?? 0) + g.ascension;
  const cm = a.wallet[LootId.CrystallizedMana] ?? 0;
  const points = Math.floor(cm / ascensionCost(1));
  if (points > 0) {
    spend(
      ledger,
      a.wallet,
      [{ lootId: LootId.CrystallizedMana, amount: ascensionCost(points) }],
      "ascension",
    );
    a.boosts[109] = (a.boosts[109] ?? 0) + points;
  }
  milestone(a, "first premium purchase", day);
}

/** Guild policy: the next level of the cheapest upgrade of the list, while the funds pay it. */
export function guildUpgrades(
  ledger: Ledger,
  funds: Wallet,
  upgrades: Record<number, number>,
): number {
  let bought = 0;
  for (let guard = 0; guard < 100; guard++) {
    let best: { type: GuildUpgrade; cost: Record<number, number> } | undefined;
    for (const type of GUILD_UPGRADE_ORDER) {
      const cost = guildUpgradeCost(type, (upgrades[type] ?? 0) + 1);
      if (!cost) continue;
      if (!best || (cost[LootId.ManaDust] ?? 0) < (best.cost[LootId.ManaDust] ?? 0))
        best = { type, cost };
    }
    if (!best) break;
    const cost = best.cost;
    if (Object.entries(cost).some(([id, v]) => (funds[Number(id)] ?? 0) < v)) break;
    for (const [id, v] of Object.entries(cost)) {
      addTo(funds, Number(id), -v);
      ledger.sink(Number(id), "guild upgrades", v);
    }
    upgrades[best.type] = (upgrades[best.type] ?? 0) + 1;
    bought++;
  }
  return bought;
}

export { HOUR_MS };

/**
 * Idle dungeons during a load of `n` actions (idleStep per action, as the server's
 * dungeon-idle.ts): each completed dungeon pays its treasure (completionTreasure).
 */
export function runDungeons(ledger: Ledger, a: SimAccount, n: number, rng: Rng, day: number) {
  const d = a.dungeon;
  if (!d) return;
  const input = {
    unlocked: a.boosts[DungeonBoost.Unlocked] ?? 0,
    idleLevel: a.boosts[DungeonBoost.Idle] ?? 0,
    petChance: 0,
  };
  for (let i = 0; i < n; i++) {
    if (d.completed >= input.unlocked) break;
    const size = idleStep(d, input, rng);
    if (size === 0) continue;
    gain(
      ledger,
      a.wallet,
      completionTreasure(size as DungeonSize, a.boosts[DungeonBoost.Treasure] ?? 0, rng),
      "dungeons",
    );
    milestone(a, "first dungeon", day);
  }
}

/**
 * Pets a profile unlocks with its eggs, in order, and activates: fighters the Magpie (Mana Dust
 * +t%), gatherers the Mole and the Otter (mining and fishing experience +2t%).
 */
export const PET_PLAN = {
  battle: [PetEffect.Dust],
  gather: [PetEffect.Mining, PetEffect.Fishing],
} as const;

/**
 * Pet policy, after each load: unlock the plan's next pet when the eggs pay it (pets owned + 1,
 * `unlockPet`) and activate it; once all are unlocked, feed every egg (`feedPet`, 100,000 pet
 * experience each) to the lowest-level one.
 */
export function tendPets(ledger: Ledger, a: SimAccount, profile: Profile, day: number): void {
  if ((a.wallet[LootId.Egg] ?? 0) <= 0) return;
  const plan: readonly number[] = PET_PLAN[profile.action];
  let changed = false;
  for (const type of plan) {
    if (a.pets.pets.some((p) => p.type === type)) continue;
    const r = unlockPet(a.pets, type, a.wallet);
    if (!r.ok) {
      if (changed) refreshCompanions(a);
      return;
    }
    spend(ledger, a.wallet, r.cost, "pet unlocks");
    const on = selectPet(r.state, type, true);
    a.pets = on.ok ? on.state : r.state;
    milestone(a, "first pet", day);
    changed = true;
  }
  const eggs = a.wallet[LootId.Egg] ?? 0;
  if (eggs > 0) {
    let lowest = a.pets.pets[0];
    for (const p of a.pets.pets) if (lowest && p.level < lowest.level) lowest = p;
    const r = lowest ? feedPet(a.pets, lowest.type, eggs, a.wallet) : undefined;
    if (r?.ok) {
      spend(ledger, a.wallet, r.cost, "pet feeding");
      a.pets = r.state;
      changed = true;
    }
  }
  if (changed) refreshCompanions(a);
}
