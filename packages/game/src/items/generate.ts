/**
 * Item drops and generation (our design; see docs/game-rules.md "Items"): drop chance, rarity
 * table, slot, element or skill, and rolls within each boost's range.
 */
import { dropChanceMultiplier } from "../drops";
import { Element, type GatherActionType, isGatherAction, Rarity } from "../enums";
import type { Rng } from "../rng";
import { assembleItem } from "./assemble";
import { SECONDARY_COUNT, slotBoosts } from "./catalogue";
import { GEAR_SLOTS, type GearSlot, type Item, isGearSlot, type NewItem } from "./types";

/** Base chance of an item per action (won battle or gathering action): 1 in 200. */
export const ITEM_DROP_CHANCE = 1 / 200;

/** Rarity weights of a dropped item, per mille (Heirloom and Mythic only come from upgrades). */
export const RARITY_WEIGHTS: Readonly<Record<1 | 2 | 3 | 4 | 5, number>> = {
  1: 600,
  2: 250,
  3: 100,
  4: 40,
  5: 10,
};

/** Share of the drop multiplier's bonus that raises the non-Common weights. */
export const DROP_BOOST_RARITY_SHARE = 0.25;

export interface RarityWeight {
  readonly rarity: Rarity;
  readonly weight: number;
}

/**
 * Rarity weights with the drop boost: with m = 1 + (drop boost + 2·fortune)/100 (the rare-drop
 * multiplier), Uncommon..Legendary weights × (1 + (m − 1)/4); Common gets what is left of
 * the table's total (1000).
 */
export function rarityWeights(boosts: Readonly<Record<number, number>>): RarityWeight[] {
  const shift = Math.max(0, 1 + (dropChanceMultiplier(boosts) - 1) * DROP_BOOST_RARITY_SHARE);
  const out: RarityWeight[] = [];
  let total = RARITY_WEIGHTS[1];
  let others = 0;
  for (const r of [2, 3, 4, 5] as const) {
    const weight = RARITY_WEIGHTS[r] * shift;
    total += RARITY_WEIGHTS[r];
    others += weight;
    out.push({ rarity: r, weight });
  }
  out.unshift({ rarity: Rarity.Common, weight: Math.max(0, total - others) });
  return out;
}

/** A rarity from the weighted table (one rng draw). */
export function rollRarity(boosts: Readonly<Record<number, number>>, rng: Rng): Rarity {
  const weights = rarityWeights(boosts);
  let total = 0;
  for (const w of weights) total += w.weight;
  let roll = rng.next() * total;
  for (const w of weights) {
    roll -= w.weight;
    if (roll < 0) return w.rarity;
  }
  return Rarity.Legendary;
}

export interface GenerateItemInput {
  readonly slot: GearSlot;
  /** 1-7. */
  readonly rarity: Rarity;
  readonly level: number;
  /** Weapons: the staff's element (rolled when missing). Ignored for other slots. */
  readonly element?: Element;
  /** Gathering gear: the skill (gathering items have no element). */
  readonly skill?: GatherActionType;
  /** Defaults to 0 (not stored yet). */
  readonly id?: number;
}

const ELEMENTS = [Element.Fire, Element.Water, Element.Nature] as const;

/**
 * An item of the given slot, rarity and level: the slot's main boost plus SECONDARY_COUNT[rarity]
 * distinct boosts from its pool, each at a uniform position in its range.
 */
export function generateItem(input: GenerateItemInput, rng: Rng): Item {
  const { slot, rarity, skill } = input;
  if (!isGearSlot(slot)) throw new RangeError(`not a gear slot: ${slot}`);
  if (!(rarity >= Rarity.Common && rarity <= Rarity.Mythic)) {
    throw new RangeError(`not an item rarity: ${rarity}`);
  }
  if (skill !== undefined && !isGatherAction(skill)) {
    throw new RangeError(`not a gathering skill: ${skill}`);
  }
  const level = Math.max(1, Math.floor(Number.isFinite(input.level) ? input.level : 1));
  let element: Element | undefined;
  if (slot === 1 && skill === undefined) {
    const given = input.element;
    element =
      given === Element.Fire || given === Element.Water || given === Element.Nature
        ? given
        : ELEMENTS[rng.int(3)]!;
  }
  const { main, pool } = slotBoosts(slot, element, skill);
  const rolls: Record<number, number> = { [main]: rng.next() };
  const picked = pickDistinct(pool, SECONDARY_COUNT[rarity], rng);
  for (const id of picked) rolls[id] = rng.next();
  return assembleItem(
    {
      id: input.id ?? 0,
      level,
      rarity,
      slot,
      infusions: 0,
      ...(element !== undefined ? { element } : {}),
      ...(skill !== undefined ? { skill } : {}),
    },
    rolls,
  );
}

/** `count` distinct entries of `pool` (partial Fisher-Yates), in draw order. */
export function pickDistinct(pool: readonly number[], count: number, rng: Rng): number[] {
  const a = pool.slice();
  const n = Math.min(a.length, Math.max(0, count));
  for (let i = 0; i < n; i++) {
    const j = i + rng.int(a.length - i);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a.slice(0, n);
}

export interface ItemDropContext {
  readonly source: "battle" | "gathering";
  /** Enemy level (battle) or the gathering skill's level. */
  readonly level: number;
  /** Gathering: the skill (Mining 2, Fishing 3, Woodcutting 4); required for gathering. */
  readonly skill?: GatherActionType;
  /** The player's TOTAL boosts (drop boost 102 and fortune 69 count). */
  readonly boosts: Readonly<Record<number, number>>;
  readonly rng: Rng;
  /** Battle: element a dropped staff takes (e.g. the enemy's); rolled when missing. */
  readonly element?: Element;
  /** The world's item drop rate (an operator setting for events); 1 when missing. */
  readonly worldRate?: number;
  /** dropChanceMultiplier(boosts), when the caller keeps it (reward-boosts.ts). */
  readonly dropMultiplier?: number;
}

/**
 * One item-drop roll for one action (call it for won battles and gathering actions only):
 * chance ITEM_DROP_CHANCE × the rare-drop multiplier × the world rate; then rarity, a uniform
 * slot, and the item.
 */
export function rollItemDrop(ctx: ItemDropContext): NewItem | null {
  const { rng, boosts } = ctx;
  if (ctx.source === "gathering" && (ctx.skill === undefined || !isGatherAction(ctx.skill))) {
    throw new RangeError("a gathering drop needs the gathering skill");
  }
  const dm = ctx.dropMultiplier ?? dropChanceMultiplier(boosts);
  const chance = ITEM_DROP_CHANCE * dm * (ctx.worldRate ?? 1);
  if (!(rng.next() < chance)) return null;
  const rarity = rollRarity(boosts, rng);
  const slot = GEAR_SLOTS[rng.int(GEAR_SLOTS.length)]!;
  const input: GenerateItemInput =
    ctx.source === "gathering"
      ? { slot, rarity, level: ctx.level, skill: ctx.skill! }
      : ctx.element !== undefined
        ? { slot, rarity, level: ctx.level, element: ctx.element }
        : { slot, rarity, level: ctx.level };
  const { id: _id, ...item } = generateItem(input, rng);
  return item;
}
