/**
 * Rewards of a battle: experience, mana dust, drops and stat drops (community estimates for
 * experience and dust, our design for the rest; see docs/game-rules.md "Battle rewards").
 */
import type { BattleOutcome } from "./battle";
import { boostValue } from "./boosts";
import { DropList } from "./drop-list";
import type { Enemy } from "./enemies";
import { Element } from "./enums";
import { type GuildEffects, NO_GUILD_EFFECTS } from "./guilds";
import { ESSENCE_BY_ELEMENT, FORMULA_IDS, LootId, REAGENT_IDS, TOME_BY_ELEMENT } from "./loot";
import { type RewardBoosts, rewardBoosts } from "./reward-boosts";
import { type Rng, stochasticRound } from "./rng";

/** The e of the community formulas: enemy level + 150. */
export const REWARD_LEVEL_OFFSET = 150;

/** Chance per won battle of +1 to a random base stat (our design). */
export const STAT_DROP_CHANCE = 1 / 40;

/** Common per-won-battle drops (our design), each rolled independently. */
export const BATTLE_DROP_CHANCES = {
  /** 1 + floor(level / 20) shards, x (1 + elemental shard boost / 100). */
  elementalShards: 1 / 10,
  /** 1 + floor(level / 25) essence of the enemy's element. */
  essence: 1 / 20,
} as const;

/** What a rare-drop entry gives. */
export type RareDropKind =
  | "codex"
  | "elementTome"
  | "manaShieldTome"
  | "reagent"
  | "formula"
  | "orbOfPower"
  | "orbOfChaos"
  | "orbOfDivinity"
  | "orbOfLegacy"
  | "elementium"
  | "divineEssence"
  | "egg";

export interface RareDrop {
  readonly kind: RareDropKind;
  /** Chance per won battle before the drop multiplier. */
  readonly chance: number;
  /** Lowest enemy level that can drop it. */
  readonly minLevel: number;
}

/**
 * The rare-drop table (our design). A won battle rolls it once: entries are stacked in this
 * order, each `chance x dropChanceMultiplier` wide, so at most one rare drop per battle.
 */
export const RARE_DROPS: readonly RareDrop[] = [
  { kind: "codex", chance: 1 / 4000, minLevel: 1 },
  { kind: "elementTome", chance: 1 / 1500, minLevel: 1 },
  { kind: "manaShieldTome", chance: 1 / 5000, minLevel: 1 },
  { kind: "reagent", chance: 1 / 2500, minLevel: 1 },
  { kind: "formula", chance: 1 / 8000, minLevel: 1 },
  { kind: "orbOfPower", chance: 1 / 5000, minLevel: 1 },
  { kind: "orbOfChaos", chance: 1 / 10_000, minLevel: 1 },
  { kind: "orbOfDivinity", chance: 1 / 25_000, minLevel: 1 },
  { kind: "orbOfLegacy", chance: 1 / 50_000, minLevel: 1 },
  { kind: "elementium", chance: 1 / 1000, minLevel: 100 },
  { kind: "divineEssence", chance: 1 / 20_000, minLevel: 1000 },
  { kind: "egg", chance: 1 / 100_000, minLevel: 1 },
];

export interface BattleRewards {
  experience: number;
  /** loot id -> amount (only non-zero entries). */
  loot: Record<number, number>;
  /** base stat boost id (3-7) -> amount to add to the player's boosts. */
  statDrops: Record<number, number>;
  /**
   * The Elemental Shards the battle dropped before any boost (0 when none dropped): the base a
   * referrer's share is counted on (premium.ts `referralShards`).
   */
  baseShards: number;
}

/** Battle experience of a win, before boosts (community estimate): 0.0002e² + e^1.2 + 10e. */
export function baseBattleExperience(enemyLevel: number): number {
  const e = Math.max(1, enemyLevel) + REWARD_LEVEL_OFFSET;
  return 0.0002 * e * e + pow12(e) + 10 * e;
}

let lastE = Number.NaN;
let lastPow = Number.NaN;
/** e^1.2, memoised for the last e (experience and dust of the same enemy share it). */
function pow12(e: number): number {
  if (e !== lastE) {
    lastE = e;
    lastPow = e ** 1.2;
  }
  return lastPow;
}

/**
 * Mana dust of a win, before boosts (community estimate): 0.0001e² + e^1.2 + 10e, times
 * 1.01^((level - 150000) / 2000) past enemy 150,000 (that exponent capped at 1000: our design).
 */
export function baseManaDust(enemyLevel: number): number {
  const n = Math.max(1, enemyLevel);
  const e = n + REWARD_LEVEL_OFFSET;
  const late = n > 150_000 ? 1.01 ** Math.min(1000, (n - 150_000) / 2000) : 1;
  return (0.0001 * e * e + pow12(e) + 10 * e) * late;
}

/** Multiplier of rare-drop chances: 1 + (drop boost + 2 x fortune rank) / 100. */
export function dropChanceMultiplier(boosts: Readonly<Record<number, number>>): number {
  return Math.max(0, 1 + (boostValue(boosts, 102) + 2 * boostValue(boosts, 69)) / 100);
}

/** Adds a positive amount of loot `id` to a drop's loot (battle and gathering rewards). */
export function addDrop(loot: Record<number, number>, id: number, amount: number): void {
  if (amount > 0) loot[id] = (loot[id] ?? 0) + amount;
}

/** Rare drops the guild level raises (spec 001 section 9: orbs, formulas, elementium). */
export function guildRaisesDrop(kind: RareDropKind): boolean {
  return (
    kind === "formula" ||
    kind === "orbOfPower" ||
    kind === "orbOfChaos" ||
    kind === "orbOfDivinity" ||
    kind === "orbOfLegacy" ||
    kind === "elementium"
  );
}

/**
 * Rewards of one battle. A lost battle gives nothing (our design). Amounts are integers;
 * fractional expectations are rounded stochastically. `guild`: the member's guild effects
 * (Study adds to the base experience percent, Nexus Crystal to the shard boost percent, the
 * guild level widens the orb, formula and elementium chances). `sums`: the boosts' reward sums,
 * when the caller keeps them (reward-boosts.ts).
 */
export function battleRewards(
  outcome: Pick<BattleOutcome, "won">,
  enemy: Enemy,
  boosts: Readonly<Record<number, number>>,
  rng: Rng,
  guild: Readonly<GuildEffects> = NO_GUILD_EFFECTS,
  sums: RewardBoosts = rewardBoosts(boosts),
): BattleRewards {
  const out = battleRewardsInto(outcome, enemy, boosts, rng, guild, sums, battleRewardLists());
  return {
    experience: out.experience,
    loot: out.loot.toRecord(),
    statDrops: out.statDrops.toRecord(),
    baseShards: out.baseShards,
  };
}

/** A battle's rewards as lists a caller reuses from battle to battle (battleRewardsInto). */
export interface BattleRewardLists {
  experience: number;
  baseShards: number;
  readonly loot: DropList;
  readonly statDrops: DropList;
}

export function battleRewardLists(): BattleRewardLists {
  return { experience: 0, baseShards: 0, loot: new DropList(), statDrops: new DropList() };
}

/**
 * battleRewards written into `out` (emptied first), the same rolls in the same order: the world
 * tick keeps one `out` and makes no new objects per battle.
 */
export function battleRewardsInto(
  outcome: Pick<BattleOutcome, "won">,
  enemy: Enemy,
  boosts: Readonly<Record<number, number>>,
  rng: Rng,
  guild: Readonly<GuildEffects>,
  sums: RewardBoosts,
  out: BattleRewardLists,
): BattleRewardLists {
  const loot = out.loot;
  loot.clear();
  out.statDrops.clear();
  out.experience = 0;
  out.baseShards = 0;
  if (!outcome.won) return out;
  const level = enemy.level;

  const xpMult = 1 + sums.battleXpPercent / 100 + guild.baseXp;
  out.experience = Math.floor(baseBattleExperience(level) * Math.max(0, xpMult));
  const dustMult = 1 + sums.dustPercent / 100;
  loot.add(LootId.ManaDust, Math.floor(baseManaDust(level) * Math.max(0, dustMult)));

  const c = BATTLE_DROP_CHANCES;
  if (rng.next() < c.elementalShards) {
    const shardMult = 1 + sums.shardPercent / 100 + guild.shardBoost;
    const baseShards = 1 + Math.floor(level / 20);
    out.baseShards = baseShards;
    loot.add(LootId.ElementalShards, stochasticRound(baseShards * Math.max(0, shardMult), rng));
  }
  const el = enemy.element === Element.None ? Element.Fire : enemy.element;
  if (rng.next() < c.essence) loot.add(ESSENCE_BY_ELEMENT[el], 1 + Math.floor(level / 25));

  const dm = sums.dropMultiplier;
  const guildDm = dm * (1 + Math.max(0, guild.dropBoost));
  let roll = rng.next();
  for (let i = 0; i < RARE_DROPS.length; i++) {
    const drop = RARE_DROPS[i]!;
    if (level < drop.minLevel) continue;
    roll -= drop.chance * (guildRaisesDrop(drop.kind) ? guildDm : dm);
    if (roll < 0) {
      giveRareDrop(drop.kind, el, level, boosts, rng, loot);
      break;
    }
  }

  if (rng.next() < STAT_DROP_CHANCE) {
    addStatDrops(sums.multistat, sums.statDropAmount, rng, out.statDrops);
  }
  return out;
}

function giveRareDrop(
  kind: RareDropKind,
  el: 1 | 2 | 3,
  level: number,
  b: Readonly<Record<number, number>>,
  rng: Rng,
  loot: DropList,
): void {
  let id: number;
  let amount = 1;
  switch (kind) {
    case "codex":
      id = LootId.Codex;
      break;
    case "elementTome":
      id = TOME_BY_ELEMENT[el];
      amount = Math.max(1, stochasticRound(Math.max(0, 1 + boostValue(b, 24 + el) / 100), rng));
      break;
    case "manaShieldTome":
      id = LootId.TomeOfManaShield;
      break;
    case "reagent":
      id = REAGENT_IDS[rng.int(REAGENT_IDS.length)]!;
      break;
    case "formula":
      id = FORMULA_IDS[rng.int(FORMULA_IDS.length)]!;
      break;
    case "orbOfPower":
      id = LootId.OrbOfPower;
      break;
    case "orbOfChaos":
      id = LootId.OrbOfChaos;
      break;
    case "orbOfDivinity":
      id = LootId.OrbOfDivinity;
      break;
    case "orbOfLegacy":
      id = LootId.OrbOfLegacy;
      break;
    case "elementium":
      id = LootId.Elementium;
      amount = 1 + Math.floor(level / 1000);
      break;
    case "divineEssence":
      id = LootId.DivineEssence;
      break;
    default:
      id = LootId.Egg;
  }
  loot.add(id, amount);
}

/**
 * Stat drops of a won battle (our design): with STAT_DROP_CHANCE, +1 x (1 + stat drop/100)
 * (rounded stochastically) to a random base stat. Multistat ((multistat + 2 x growth)%) adds
 * extra rolls: its whole part always, its fraction as a chance.
 */
export function rollStatDrops(
  boosts: Readonly<Record<number, number>>,
  rng: Rng,
  into: Record<number, number> = {},
): Record<number, number> {
  if (rng.next() >= STAT_DROP_CHANCE) return into;
  const multistat = Math.max(0, boostValue(boosts, 103) + 2 * boostValue(boosts, 70)) / 100;
  const drops = new DropList();
  addStatDrops(multistat, Math.max(0, 1 + boostValue(boosts, 123) / 100), rng, drops);
  for (let i = 0; i < drops.size; i++) {
    statDrops(into, drops.id(i), drops.amount(i));
  }
  return into;
}

/** The rolls of a stat drop that happened: `multistat` as in RewardBoosts, `amountEach` too. */
function addStatDrops(multistat: number, amountEach: number, rng: Rng, into: DropList): void {
  let rolls = 1 + Math.floor(multistat);
  if (rng.next() < multistat - Math.floor(multistat)) rolls++;
  for (let i = 0; i < rolls; i++) {
    const stat = 3 + rng.int(5);
    const amount = stochasticRound(amountEach, rng);
    if (amount > 0) into.add(stat, amount);
  }
}

function statDrops(into: Record<number, number>, stat: number, amount: number): void {
  into[stat] = (into[stat] ?? 0) + amount;
}
