/**
 * Pure logic of the item upgrade page: which tabs show, which orbs can be used and what they
 * cost, infusion costs, and the enchants the player can put on the item.
 */
import {
  ENCHANT_REAGENT_PER_RANK,
  ENCHANTS,
  type EnchantDef,
  enchantCost,
  enchantingSkillCap,
  held,
  infusionCost,
  infusionMultiplier,
  itemEnchant,
  LootId,
  lootName,
  MAX_INFUSIONS,
  MYTHIC_MIN_LEVEL,
  mythicCost,
  Rarity,
  type Wallet,
} from "@manaspire/game";
import type { ClientMessageName, Item } from "@manaspire/protocol";
import { parseAmount } from "../../lib/numbers";
import { isBorrowed, isKnownSlot, toRulesItem } from "../items/itemModel";

/** Whether the item exists and has a slot the page knows (spec: 'Item not found', 'Unknown item slot'). */
export type UpgradePageState =
  | { kind: "loading" }
  | { kind: "notFound" }
  | { kind: "unknownSlot"; item: Item }
  | { kind: "sigil"; item: Item }
  | { kind: "ok"; item: Item };

/** Reads the :itemId parameter and finds the player's item. */
export function upgradePageState(
  param: string | undefined,
  items: Readonly<Record<number, Item>>,
  loaded: boolean,
): UpgradePageState {
  const id = param !== undefined && /^\d+$/.test(param) ? Number(param) : Number.NaN;
  if (!Number.isSafeInteger(id)) return { kind: "notFound" };
  const item = items[id];
  if (!item) return loaded ? { kind: "notFound" } : { kind: "loading" };
  if (!isKnownSlot(item.slot)) return { kind: "unknownSlot", item };
  if (item.slot === 9) return { kind: "sigil", item };
  return { kind: "ok", item };
}

export type UpgradeTabKey = "upgrades" | "enchant" | "heirloom";

export interface UpgradeTab {
  key: UpgradeTabKey;
  label: string;
  disabled: boolean;
  /** Why the tab is disabled. */
  reason: string | null;
}

/**
 * Tabs of the upgrade page (spec): upgrades and enchant always; heirloom only for Legendary
 * items, and disabled while the item is borrowed.
 */
export function upgradeTabs(item: Pick<Item, "rarity" | "borrowerName">): UpgradeTab[] {
  const tabs: UpgradeTab[] = [
    { key: "upgrades", label: "Upgrades", disabled: false, reason: null },
    { key: "enchant", label: "Enchant", disabled: false, reason: null },
  ];
  if (item.rarity === Rarity.Legendary) {
    const borrowed = isBorrowed(item);
    tabs.push({
      key: "heirloom",
      label: "Heirloom",
      disabled: borrowed,
      reason: borrowed ? "Borrowed items cannot become Heirlooms." : null,
    });
  }
  return tabs;
}

/** The tab to show: the wanted one if it exists and is enabled, else the first. */
export function activeTab(tabs: readonly UpgradeTab[], wanted: string | null): UpgradeTabKey {
  const found = tabs.find((tab) => tab.key === wanted && !tab.disabled);
  return found?.key ?? "upgrades";
}

export interface Cost {
  lootId: number;
  name: string;
  amount: number;
  held: number;
}

function cost(lootId: number, amount: number, wallet: Wallet): Cost {
  return { lootId, name: lootName(lootId), amount, held: held(wallet, lootId) };
}

export type OrbKey = "power" | "chaos" | "divinity" | "perfection" | "mythic";

export interface OrbOption {
  key: OrbKey;
  title: string;
  description: string;
  message: Extract<
    ClientMessageName,
    | "rerollItemPower"
    | "rerollItemChaos"
    | "rerollItemDivinity"
    | "rerollItemPerfection"
    | "upgradeItemMythic"
  >;
  costs: Cost[];
  /** Why it cannot be used now, or null. */
  blocked: string | null;
}

function missing(costs: readonly Cost[]): string | null {
  const short = costs.find((c) => c.held < c.amount);
  return short ? `Not enough ${short.name}.` : null;
}

/**
 * The orb upgrades the page offers for the item (spec): power, chaos, perfection always;
 * divinity for Epic items; mythic for Legendary items (level 3000 or more).
 */
export function orbOptions(item: Item, wallet: Wallet): OrbOption[] {
  const out: OrbOption[] = [];
  const perfect = item.quality >= 1;
  const noRolls = Object.keys(item.boosts).length === 0;
  const push = (option: Omit<OrbOption, "blocked">, rule: string | null) =>
    out.push({ ...option, blocked: rule ?? missing(option.costs) });

  const power = [cost(LootId.OrbOfPower, 1, wallet)];
  push(
    {
      key: "power",
      title: "Orb of Power",
      description: "Rerolls every value and keeps only the higher ones.",
      message: "rerollItemPower",
      costs: power,
    },
    noRolls ? "This item has no modifiers." : perfect ? "All rolls are already perfect." : null,
  );
  push(
    {
      key: "chaos",
      title: "Orb of Chaos",
      description: "Rerolls all modifiers: new secondary boosts and new values.",
      message: "rerollItemChaos",
      costs: [cost(LootId.OrbOfChaos, 1, wallet)],
    },
    null,
  );
  if (item.rarity === Rarity.Epic) {
    push(
      {
        key: "divinity",
        title: "Orb of Divinity",
        description: "Turns this Epic item Legendary and adds a modifier.",
        message: "rerollItemDivinity",
        costs: [cost(LootId.OrbOfDivinity, 1, wallet)],
      },
      null,
    );
  }
  push(
    {
      key: "perfection",
      title: "Orb of Perfection",
      description: "Raises every roll to the best roll on the item.",
      message: "rerollItemPerfection",
      costs: [cost(LootId.OrbOfPerfection, 1, wallet)],
    },
    noRolls ? "This item has no modifiers." : perfect ? "All rolls are already perfect." : null,
  );
  if (item.rarity === Rarity.Legendary) {
    push(
      {
        key: "mythic",
        title: "Mythic Ascension",
        description: `Turns a Legendary item of level ${MYTHIC_MIN_LEVEL}+ Mythic: 1.5× its power.`,
        message: "upgradeItemMythic",
        costs: mythicCost(item.level).map((c) => cost(c.lootId, c.amount, wallet)),
      },
      item.level < MYTHIC_MIN_LEVEL ? `Needs item level ${MYTHIC_MIN_LEVEL}.` : null,
    );
  }
  return out;
}

// --- Infusion ----------------------------------------------------------------------------

export interface InfusionPlan {
  /** Target tier, clamped to 0-99. */
  tier: number;
  cost: number;
  manaDust: number;
  /** Multipliers of the rolled modifiers now and at the target tier. */
  before: number;
  after: number;
  blocked: string | null;
}

/** Parses a tier typed by the player: whole, clamped to 0-99 (non-numbers become 0). */
export function parseTier(text: string): number {
  const n = Math.floor(parseAmount(text));
  return Math.min(MAX_INFUSIONS, Math.max(0, n));
}

/** The infusion from the item's tier to `tier` (spec: tier 0-99, +5% per tier). */
export function infusionPlan(item: Item, tier: number, wallet: Wallet): InfusionPlan {
  const target = Math.min(MAX_INFUSIONS, Math.max(0, Math.floor(tier)));
  const price = infusionCost(item.level, item.infusions, target);
  const dust = held(wallet, LootId.ManaDust);
  let blocked: string | null = null;
  if (item.infusions >= MAX_INFUSIONS) blocked = "The item is fully infused.";
  else if (target <= item.infusions) blocked = `Choose a tier above ${item.infusions}.`;
  else if (price > dust) blocked = "Not enough Mana Dust.";
  return {
    tier: target,
    cost: price,
    manaDust: dust,
    before: infusionMultiplier(item.infusions),
    after: infusionMultiplier(Math.max(target, item.infusions)),
    blocked,
  };
}

/** Highest tier the mana dust held pays for (the item's own tier when none). */
export function maxAffordableTier(item: Item, wallet: Wallet): number {
  const dust = held(wallet, LootId.ManaDust);
  let tier = item.infusions;
  while (tier < MAX_INFUSIONS && infusionCost(item.level, item.infusions, tier + 1) <= dust) tier++;
  return tier;
}

// --- Enchanting --------------------------------------------------------------------------

export interface EnchantOption {
  def: EnchantDef;
  /** The player's research rank of this enchant (their enchanting skill). */
  skill: number;
  /** This week's enchanting skill cap. */
  cap: number;
  reagentName: string;
  reagentHeld: number;
  /** Rank of this enchant on the item now (0 if it has another or none). */
  current: number;
  /** Highest rank the player can put on: skill, cap and reagents (3 per new rank). */
  maxRank: number;
  blocked: string | null;
}

/** Every enchant with what limits it (spec: rank limited by skill and reagents, 3 per rank). */
export function enchantOptions(
  item: Item,
  boosts: Readonly<Record<number, number>>,
  wallet: Wallet,
  dateMs: number,
): EnchantOption[] {
  const rules = toRulesItem(item);
  const on = itemEnchant(rules);
  const cap = enchantingSkillCap(dateMs);
  return ENCHANTS.map((def) => {
    const skill = Math.max(0, Math.floor(boosts[def.rankId] ?? 0));
    const reagentHeld = held(wallet, def.reagent);
    const current = on !== null && on.enchant.rankId === def.rankId ? on.rank : 0;
    const byReagents = current + Math.floor(reagentHeld / ENCHANT_REAGENT_PER_RANK);
    const maxRank = Math.max(0, Math.min(skill, cap, byReagents));
    let blocked: string | null = null;
    if (skill === 0) blocked = `Research ${def.name} to learn it.`;
    else if (current >= Math.min(skill, cap)) blocked = `Already at your best rank (${current}).`;
    else if (maxRank <= current) blocked = `Not enough ${lootName(def.reagent)}.`;
    return {
      def,
      skill,
      cap,
      reagentName: lootName(def.reagent),
      reagentHeld,
      current,
      maxRank,
      blocked,
    };
  });
}

/** Reagents the chosen rank costs (only the new ranks when raising the same enchant). */
export function enchantPrice(item: Item, rankId: number, rank: number): number {
  return enchantCost(toRulesItem(item), rankId, rank)[0]?.amount ?? 0;
}

/** The enchant on the item now, for the header ("Inferno 5"), or null. */
export function currentEnchant(item: Item): { name: string; rank: number } | null {
  const on = itemEnchant(toRulesItem(item));
  return on ? { name: on.enchant.name, rank: on.rank } : null;
}
