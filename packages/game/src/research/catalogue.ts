/**
 * The research catalogue: five tabs, each boost's currency, cost curve and cap (see
 * docs/game-rules.md "Research"). Cost of level n = coef · n^exp.
 */
import { ENCHANTS } from "../items/upgrades/enchanting";
import { LootId } from "../loot";

export const ResearchTab = {
  BasePower: 1,
  CombatSkills: 2,
  Enchants: 3,
  Gathering: 4,
  Codex: 5,
  /** The dungeon upgrades: bought on the dungeon hub (/dungeon-shop), not on /research. */
  Dungeon: 6,
} as const;
export type ResearchTab = (typeof ResearchTab)[keyof typeof ResearchTab];

/** Tabs in display order (spec: Base Power, Combat Skills, Enchants, Gathering, Codex). */
export const RESEARCH_TABS: readonly { readonly id: ResearchTab; readonly name: string }[] = [
  { id: ResearchTab.BasePower, name: "Base Power" },
  { id: ResearchTab.CombatSkills, name: "Combat Skills" },
  { id: ResearchTab.Enchants, name: "Enchants" },
  { id: ResearchTab.Gathering, name: "Gathering" },
  { id: ResearchTab.Codex, name: "Codex" },
];

export interface CostCurve {
  readonly coef: number;
  /** 0: flat coef per level; 1, 2, 3: coef · n, n², n³. */
  readonly exp: 0 | 1 | 2 | 3;
}

/**
 * "enchanting": the enchanting skill cap of the date (22, +1 each Monday); "dungeonUnlock":
 * dungeons completed + in progress + the idle queue's size (dungeons/rules.ts `unlockCap`).
 */
export type ResearchCap = number | "enchanting" | "dungeonUnlock" | null;

export interface ResearchDef {
  readonly boostId: number;
  readonly tab: ResearchTab;
  /** The currency the cost is counted in. */
  readonly currency: LootId;
  /** Loot spent, in order (codex research: bound codex first, then codex). */
  readonly payWith: readonly LootId[];
  readonly curve: CostCurve;
  readonly cap: ResearchCap;
}

function r(
  boostId: number,
  tab: ResearchTab,
  currency: LootId,
  curve: CostCurve,
  cap: ResearchCap = null,
): ResearchDef {
  const payWith = currency === LootId.Codex ? [LootId.BoundCodex, LootId.Codex] : [currency];
  return { boostId, tab, currency, payWith, curve, cap };
}

const T = ResearchTab;
const sq = (coef: number): CostCurve => ({ coef, exp: 2 });
const linear: CostCurve = { coef: 1, exp: 1 };

export const RESEARCH: readonly ResearchDef[] = [
  // Base Power, mana dust: 1000·n² (community estimate).
  r(1, T.BasePower, LootId.ManaDust, sq(1000)),
  r(2, T.BasePower, LootId.ManaDust, sq(1000)),
  // Farm and potion belt, mana dust (our design): harvest golem, fertilizer and plots
  // 50,000·n²; potion belt 500,000·n², at most 20 levels (a belt of 210 potions).
  r(130, T.BasePower, LootId.ManaDust, sq(50_000)),
  r(131, T.BasePower, LootId.ManaDust, sq(50_000)),
  r(132, T.BasePower, LootId.ManaDust, sq(50_000)),
  r(133, T.BasePower, LootId.ManaDust, sq(500_000), 20),
  // Combat Skills.
  r(10, T.CombatSkills, LootId.FireEssence, sq(5)),
  r(11, T.CombatSkills, LootId.WaterEssence, sq(5)),
  r(12, T.CombatSkills, LootId.NatureEssence, sq(5)),
  r(21, T.CombatSkills, LootId.TomeOfFire, { coef: 1, exp: 3 }),
  r(22, T.CombatSkills, LootId.TomeOfWater, { coef: 1, exp: 3 }),
  r(23, T.CombatSkills, LootId.TomeOfNature, { coef: 1, exp: 3 }),
  r(24, T.CombatSkills, LootId.TomeOfManaShield, sq(1), 100),
  r(25, T.CombatSkills, LootId.ElementalShards, sq(25)),
  r(26, T.CombatSkills, LootId.ElementalShards, sq(25)),
  r(27, T.CombatSkills, LootId.ElementalShards, sq(25)),
  ...[40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50].map((id) =>
    r(id, T.CombatSkills, LootId.ElementalShards, sq(25), id === 42 ? 95 : null),
  ),
  // Enchants: rank n costs n formulas; capped by the enchanting skill cap.
  ...ENCHANTS.map((e) => r(e.rankId, T.Enchants, e.formula, linear, "enchanting")),
  // Gathering: resource amount paid with the resource, experience with the skill's material.
  r(30, T.Gathering, LootId.Iron, sq(100)),
  r(31, T.Gathering, LootId.Fish, sq(100)),
  r(32, T.Gathering, LootId.Wood, sq(100)),
  r(33, T.Gathering, LootId.Asbestos, sq(5)),
  r(34, T.Gathering, LootId.FishScales, sq(5)),
  r(35, T.Gathering, LootId.Ironbark, sq(5)),
  // Codex: level n costs n codex; Actions 1 codex per level (+5 max actions each, spec).
  r(100, T.Codex, LootId.Codex, linear, 100),
  r(101, T.Codex, LootId.Codex, linear, 100),
  r(102, T.Codex, LootId.Codex, linear, 100),
  r(103, T.Codex, LootId.Codex, linear, 100),
  r(105, T.Codex, LootId.Codex, { coef: 1, exp: 0 }),
  r(106, T.Codex, LootId.Codex, linear, 100),
  r(107, T.Codex, LootId.Codex, linear),
  r(108, T.Codex, LootId.Codex, linear),
  // Dungeon upgrades (docs/game-rules.md "Dungeons"). Unlocked: Mana Dust, 1,000 a dungeon,
  // up to the unlock cap; the others Dungeon Points. Caps of Idle speed, Swiftness,
  // Perception and Auto Loot are the spec's; Queue and Treasure ours.
  r(140, T.Dungeon, LootId.ManaDust, { coef: 1000, exp: 0 }, "dungeonUnlock"),
  r(141, T.Dungeon, LootId.DungeonPoints, { coef: 5, exp: 1 }, 100),
  r(142, T.Dungeon, LootId.DungeonPoints, sq(50), 10),
  r(143, T.Dungeon, LootId.DungeonPoints, sq(25), 10),
  r(144, T.Dungeon, LootId.DungeonPoints, sq(60), 5),
  r(145, T.Dungeon, LootId.DungeonPoints, { coef: 10, exp: 1 }, 100),
  r(146, T.Dungeon, LootId.DungeonPoints, { coef: 500, exp: 0 }, 1),
];

const BY_ID: ReadonlyMap<number, ResearchDef> = new Map(RESEARCH.map((d) => [d.boostId, d]));

export function researchById(boostId: number): ResearchDef | undefined {
  return BY_ID.get(boostId);
}

/** Research entries of one tab, in catalogue order. */
export function researchTab(tab: ResearchTab): ResearchDef[] {
  return RESEARCH.filter((d) => d.tab === tab);
}
