/**
 * Number display and parsing (spec 000 sections 5 and 9).
 *
 * - Large numbers are abbreviated with K, M, B, T, Q, Qi, Sx, Sp, Oc, Nm, Dc (1e3 .. 1e33).
 * - Below 10,000 a number is shown whole, or with 2 decimals when it has a fraction.
 * - Abbreviated values are truncated (never rounded up) to at most 2 decimals, so the
 *   display never claims more than the player really has (999,999 shows as 999.99K).
 */

export const SUFFIXES = ["K", "M", "B", "T", "Q", "Qi", "Sx", "Sp", "Oc", "Nm", "Dc"] as const;
export type Suffix = (typeof SUFFIXES)[number];

/** Below this absolute value numbers are not abbreviated. */
export const ABBREVIATE_FROM = 10_000;

const MULTIPLIERS: ReadonlyMap<string, number> = new Map(
  SUFFIXES.map((suffix, i) => [suffix.toLowerCase(), 10 ** (3 * (i + 1))]),
);

/** Multiplier for a suffix (case-insensitive), or undefined if unknown. */
export function suffixMultiplier(suffix: string): number | undefined {
  return MULTIPLIERS.get(suffix.toLowerCase());
}

/** Truncate towards zero to `digits` decimals, tolerating float noise (1.005 * 100 = 100.49999...). */
function truncate(value: number, digits: number): number {
  const factor = 10 ** digits;
  const scaled = value * factor;
  const nudged = scaled + (scaled >= 0 ? 1e-9 : -1e-9);
  return Math.trunc(nudged) / factor;
}

function trimZeros(text: string): string {
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** Short display form: "9999", "12.5", "12.35K", "1.5M", "-3.2B". */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return "0";
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "-∞";
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  if (abs < ABBREVIATE_FROM) {
    if (Number.isInteger(abs)) return `${sign}${abs}`;
    const fixed = abs.toFixed(2);
    return fixed === "0.00" ? "0" : `${sign}${fixed}`;
  }
  let tier = Math.min(Math.floor(Math.log10(abs) / 3), SUFFIXES.length);
  // log10 can be off by a hair around exact powers of 1000; correct it.
  if (tier < SUFFIXES.length && abs >= 10 ** (3 * (tier + 1))) tier += 1;
  if (tier > 0 && abs < 10 ** (3 * tier)) tier -= 1;
  const suffix = SUFFIXES[tier - 1] ?? "";
  const scaled = truncate(abs / 10 ** (3 * tier), 2);
  return `${sign}${trimZeros(scaled.toFixed(2))}${suffix}`;
}

const fullFormatter = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** Full form with thousands separators, used for hover titles: "1,234,567.5". */
export function formatFull(value: number): string {
  if (Number.isNaN(value)) return "0";
  return fullFormatter.format(value);
}

/** Percentage with 2 decimals, e.g. 0.4567 -> "45.67%". Ratio outside 0..1 is allowed. */
export function formatPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return "0.00%";
  return `${(ratio * 100).toFixed(2)}%`;
}

const AMOUNT_PATTERN = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?([a-z]*)$/i;

/**
 * Parse a user-typed amount. Accepts thousands separators ("1,234,567", "1 234", "1_000")
 * and suffixes K..Dc case-insensitively as multipliers ("1.5k" = 1500, "2qi" = 2e18).
 * Anything that is not a number becomes 0.
 */
export function parseAmount(input: string | number | null | undefined): number {
  if (typeof input === "number") return Number.isFinite(input) ? input : 0;
  if (typeof input !== "string") return 0;
  const compact = input.trim().replace(/[,_\s\u00a0\u202f']/g, "");
  const match = AMOUNT_PATTERN.exec(compact);
  if (!match) return 0;
  const [, sign = "", digits = "", exponent, suffix = ""] = match;
  let multiplier = 1;
  if (suffix !== "") {
    const found = suffixMultiplier(suffix);
    if (found === undefined) return 0;
    multiplier = found;
  }
  const base = Number(`${digits}${exponent === undefined ? "" : `e${exponent}`}`);
  const result = base * multiplier * (sign === "-" ? -1 : 1);
  if (!Number.isFinite(result)) return 0;
  // Avoid float noise such as 1.1 * 1000 = 1100.0000000000002.
  const rounded = Number(result.toPrecision(15));
  return rounded === 0 ? 0 : rounded;
}

/** parseAmount, then floored to a whole number and clamped to at least `min` (default 0). */
export function parseWholeAmount(input: string | number | null | undefined, min = 0): number {
  return Math.max(min, Math.floor(parseAmount(input)));
}
