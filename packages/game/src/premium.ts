/**
 * The premium shop's rules (spec 001 sections 4, 5, 6 and 9 "Premium"; docs/game-rules.md
 * "Premium shop"): what a euro buys, Ascension points and titles, Quality of Life, renames.
 */
import { BoostId } from "./boosts";
import { ASCENSION_THRESHOLDS } from "./market/merchant";

/** Shop amounts in whole euros (spec: 5-500). */
export const SHOP_MIN_EUROS = 5;
export const SHOP_MAX_EUROS = 500;
/** Codex per euro (the spec's CodexPerEuro; our choice, docs/game-rules.md). */
export const CODEX_PER_EURO = 10;
/** Crystallized Mana per euro (spec: 1). */
export const CRYSTALLIZED_PER_EURO = 1;
/** Ascension points per euro (design: one, the same as a point bought with Crystallized Mana). */
export const ASCENSION_PER_EURO = 1;
/** Crystallized Mana one Ascension point costs in the shop (design). */
export const ASCENSION_POINT_COST = 1;
/** A referrer's share of a referee's Codex purchases and base Elemental Shard drops (spec: 5%). */
export const REFERRAL_SHARE = 0.05;
/** Base shards per referral shard (1 / 5%). */
const BASE_SHARDS_PER_REFERRAL_SHARD = Math.round(1 / REFERRAL_SHARE);
/**
 * A referrer's shards wait until they make at least this many (design): one credit, and one
 * toast, per 10 shards rather than one per battle.
 */
export const REFERRAL_SHARDS_MIN_CREDIT = 10;

/** Quality of Life: 5 Crystallized Mana for 30 days; a warning within its last 3 days. */
export const QOL_COST = 5;
export const QOL_DAYS = 30;
export const QOL_WARN_DAYS = 3;
const DAY_MS = 86_400_000;

/** A username change costs 5 Crystallized Mana (the guild rename's price is GUILD_RENAME_COST). */
export const USERNAME_CHANGE_COST = 5;
/** Titles may be coloured from this many Ascension points (spec). */
export const TITLE_COLOR_MIN_ASCENSION = 50;

/** The player's Ascension points: their own boost 109 (the merchant and titles read it). */
export function ascensionOf(boosts: Readonly<Record<number, number>>): number {
  const n = boosts[BoostId.Ascension] ?? 0;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** What a purchase of `euros` grants (whole euros within the shop's range). */
export interface PurchaseGrant {
  readonly codex: number;
  readonly crystallizedMana: number;
  readonly ascension: number;
}

export function purchaseGrant(euros: number): PurchaseGrant {
  return {
    codex: euros * CODEX_PER_EURO,
    crystallizedMana: euros * CRYSTALLIZED_PER_EURO,
    ascension: euros * ASCENSION_PER_EURO,
  };
}

/** The referrer's Codex for a referee's purchase of `codex` (5%, rounded down). */
export function referralCodex(codex: number): number {
  return Math.floor(codex * REFERRAL_SHARE);
}

/**
 * The referrer's share of `baseShards` (a referee's base Elemental Shard drops not yet shared):
 * whole shards, 5% each, paid once they reach {@link REFERRAL_SHARDS_MIN_CREDIT}; `left` is the
 * base still waiting (what rounding down or the minimum left over).
 */
export function referralShards(baseShards: number): { shards: number; left: number } {
  const base = Number.isFinite(baseShards) && baseShards > 0 ? Math.floor(baseShards) : 0;
  const whole = Math.floor(base / BASE_SHARDS_PER_REFERRAL_SHARD);
  const shards = whole >= REFERRAL_SHARDS_MIN_CREDIT ? whole : 0;
  return { shards, left: base - shards * BASE_SHARDS_PER_REFERRAL_SHARD };
}

export const SHOP_EUROS_ERROR = `Choose a whole amount from ${SHOP_MIN_EUROS} to ${SHOP_MAX_EUROS} euros.`;

/** The refusal of a purchase amount, or null when the server may start a checkout for it. */
export function shopEurosError(euros: unknown): string | null {
  return typeof euros === "number" &&
    Number.isInteger(euros) &&
    euros >= SHOP_MIN_EUROS &&
    euros <= SHOP_MAX_EUROS
    ? null
    : SHOP_EUROS_ERROR;
}

/**
 * The amount field on blur (spec: clamped 5-500; empty or invalid resets to 5). A fraction is
 * rounded down to whole euros.
 */
export function clampShopEuros(raw: string): number {
  const text = raw.trim();
  if (!/^\d+(\.\d*)?$/.test(text)) return SHOP_MIN_EUROS;
  const n = Math.floor(Number(text));
  if (!Number.isFinite(n)) return SHOP_MIN_EUROS;
  return Math.min(SHOP_MAX_EUROS, Math.max(SHOP_MIN_EUROS, n));
}

/** Whether Quality of Life is active at `now` (it ends at `qolEnd`, ms). */
export function hasQoL(qolEnd: number, now: number): boolean {
  return qolEnd > now;
}

/** The new end of Quality of Life after one purchase: 30 days from the current end or now. */
export function extendedQoLEnd(qolEnd: number, now: number): number {
  return Math.max(qolEnd, now) + QOL_DAYS * DAY_MS;
}

/** Active and ending within 3 days: the status icon warns with an Extend button. */
export function qolExpiringSoon(qolEnd: number, now: number): boolean {
  return hasQoL(qolEnd, now) && qolEnd - now <= QOL_WARN_DAYS * DAY_MS;
}

/** The refusal of a Quality of Life purchase, or null. */
export function qolPurchaseError(crystallizedMana: number): string | null {
  return crystallizedMana >= QOL_COST
    ? null
    : `Quality of Life costs ${QOL_COST} Crystallized Mana; buy some on the market.`;
}

/**
 * The titles, one at each Ascension threshold (the merchant's 30 thresholds, spec 001
 * section 9): reaching a threshold unlocks its title.
 */
export const TITLE_NAMES: readonly string[] = [
  "Novice",
  "Apprentice",
  "Adept",
  "Conjurer",
  "Magus",
  "Spellweaver",
  "Arcanist",
  "Runekeeper",
  "Sage",
  "Enchanter",
  "Warlock",
  "Sorcerer",
  "Archmage",
  "Mana Sage",
  "Elementalist",
  "Ascendant",
  "Starcaller",
  "Stormbringer",
  "Flameheart",
  "Tidelord",
  "Wildwarden",
  "Voidwalker",
  "Spirebound",
  "Astral Magus",
  "Worldshaper",
  "Maelstrom Lord",
  "Eternal",
  "Mythic Archon",
  "Arcane Sovereign",
  "Manaspire Legend",
];

export interface TitleDef {
  readonly name: string;
  /** Ascension points that unlock it. */
  readonly ascension: number;
}

export const TITLES: readonly TitleDef[] = TITLE_NAMES.map((name, i) => ({
  name,
  ascension: ASCENSION_THRESHOLDS[i] as number,
}));

/** The titles unlocked with these Ascension points, lowest first. */
export function unlockedTitles(ascension: number): string[] {
  return TITLES.filter((t) => ascension >= t.ascension).map((t) => t.name);
}

/** The next title and the Crystallized Mana its remaining Ascension points cost; null at the top. */
export function nextTitle(
  ascension: number,
): { name: string; ascension: number; points: number; cost: number } | null {
  const next = TITLES.find((t) => ascension < t.ascension);
  if (!next) return null;
  const points = next.ascension - Math.max(0, Math.floor(ascension));
  return {
    name: next.name,
    ascension: next.ascension,
    points,
    cost: points * ASCENSION_POINT_COST,
  };
}

/** The Crystallized Mana `points` Ascension points cost. */
export function ascensionCost(points: number): number {
  return points * ASCENSION_POINT_COST;
}

/** Refusal of buying `points` Ascension points with `crystallizedMana` held, or null. */
export function ascensionPurchaseError(points: unknown, crystallizedMana: number): string | null {
  if (typeof points !== "number" || !Number.isInteger(points) || points < 1) {
    return "Amount must be at least 1.";
  }
  if (points > 1_000_000) return "That is more Ascension than the shop sells at once.";
  const cost = ascensionCost(points);
  if (cost > crystallizedMana) {
    return `${points} Ascension ${points === 1 ? "point costs" : "points cost"} ${cost} Crystallized Mana; you have ${Math.floor(crystallizedMana)}.`;
  }
  return null;
}

const COLOR = /^#[0-9a-f]{6}$/;

/** A title colour as stored and shown: `#rrggbb` in lower case, or "" for none. */
export function normalizeTitleColor(color: string): string | null {
  if (color === "") return "";
  const lower = color.toLowerCase();
  return COLOR.test(lower) ? lower : null;
}

/**
 * The refusal of setTitle(title or empty, colour), or null: the title must be unlocked (empty
 * clears it), and a colour needs 50 Ascension points.
 */
export function setTitleError(title: string, color: string, ascension: number): string | null {
  if (title !== "" && !unlockedTitles(ascension).includes(title)) {
    return "You have not unlocked that title.";
  }
  const c = normalizeTitleColor(color);
  if (c === null) return "A title colour is a # and six hex digits.";
  if (c !== "" && ascension < TITLE_COLOR_MIN_ASCENSION) {
    return `Title colours need ${TITLE_COLOR_MIN_ASCENSION} Ascension points.`;
  }
  return null;
}
