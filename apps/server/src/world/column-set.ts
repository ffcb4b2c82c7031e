/**
 * Sets of dirty flags as bits of 32-bit words: flag `u` is bit `u & 31` of word `u >> 5`.
 * JavaScript's bitwise operators work on 32 bits, so a set of more flags takes more words;
 * every set of one world has the same number of words (player-columns.ts `MASK_WORDS`).
 * Bit 31 makes a word negative: words are only tested with `& bit` and `!== 0`, and written
 * out unsigned (`>>> 0`).
 */
export type ColumnSet = readonly number[];
/** A player's own mask, changed in place by `markDirty`. */
export type DirtyMask = number[];

export function maskWords(units: number): number {
  return Math.max(1, Math.ceil(units / 32));
}

export function emptyMask(words: number): DirtyMask {
  return new Array<number>(words).fill(0);
}

/** The set of the one flag `unit`. */
export function unitSet(words: number, unit: number): ColumnSet {
  const set = emptyMask(words);
  set[unit >> 5] = 1 << (unit & 31);
  return set;
}

/** The union of sets (of the same words). */
export function columnSet(...sets: ColumnSet[]): ColumnSet {
  const union = emptyMask(sets[0]?.length ?? 1);
  for (const set of sets) {
    for (let i = 0; i < set.length; i++) union[i] = (union[i] as number) | (set[i] as number);
  }
  return union;
}

export function isClean(mask: ColumnSet): boolean {
  for (let i = 0; i < mask.length; i++) if (mask[i] !== 0) return false;
  return true;
}

/** Whether two sets share a flag. */
export function overlaps(a: ColumnSet, b: ColumnSet): boolean {
  for (let i = 0; i < a.length; i++) if (((a[i] ?? 0) & (b[i] ?? 0)) !== 0) return true;
  return false;
}

/** Whether `mask` has flag `unit`. */
export function hasUnit(mask: ColumnSet, unit: number): boolean {
  return ((mask[unit >> 5] ?? 0) & (1 << (unit & 31))) !== 0;
}

/** The mask as one number, flag `u` worth 2^u (exact for up to 53 flags). */
export function maskNumber(words: readonly number[]): number {
  let n = 0;
  for (let i = words.length - 1; i >= 0; i--) n = n * 2 ** 32 + (words[i] as number);
  return n;
}

/** The words unsigned: the mask as the flush's JSON and SQL read it, and as a map key. */
export function unsignedWords(mask: ColumnSet): number[] {
  return mask.map((w) => w >>> 0);
}
