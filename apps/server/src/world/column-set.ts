/**
 * Sets of dirty flags as bits of 32-bit words: flag `u` is bit `u & 31` of word `u >> 5`.
 * JavaScript's bitwise operators work on 32 bits, so a set of more flags takes more words.
 * The first two words are number fields (`low`, `mid`: the tick's marks touch only them, at
 * the cost of the single integer the mask once was), the rest an Int32Array (`high`, null
 * while no set needs more than 64 flags). As an array of words the bench's tick ran a tenth to
 * a fifth slower; a typed array for the second word cost every loaded player 248 bytes of
 * heap (2026-11-29). Bit 31 makes a word negative: words are only tested with `& bit` and
 * `!== 0`, and written out unsigned (`>>> 0`).
 */
export class ColumnBits {
  constructor(
    public low: number,
    public mid: number,
    public high: Int32Array | null,
  ) {}
}

export type ColumnSet = Readonly<ColumnBits>;
/** A player's own mask, changed in place by `markDirty`. */
export type DirtyMask = ColumnBits;

export function maskWords(units: number): number {
  return Math.max(1, Math.ceil(units / 32));
}

/** A mask with no flag, with room for `words` words. */
export function emptyMask(words: number): DirtyMask {
  return new ColumnBits(0, 0, words > 2 ? new Int32Array(words - 2) : null);
}

/** The set of the one flag `unit`. */
export function unitSet(words: number, unit: number): ColumnSet {
  if (unit < 32) return new ColumnBits(1 << unit, 0, null);
  if (unit < 64) return new ColumnBits(0, 1 << (unit & 31), null);
  const set = emptyMask(words);
  (set.high as Int32Array)[(unit >> 5) - 2] = 1 << (unit & 31);
  return set;
}

/** Adds the flags of `set` to `into`. */
export function addSet(into: DirtyMask, set: ColumnSet): void {
  into.low |= set.low;
  into.mid |= set.mid;
  if (set.high !== null) {
    into.high ??= new Int32Array(set.high.length);
    for (let i = 0; i < set.high.length; i++)
      into.high[i] = (into.high[i] as number) | (set.high[i] as number);
  }
}

/** The union of sets. */
export function columnSet(...sets: ColumnSet[]): ColumnSet {
  const union = new ColumnBits(0, 0, null);
  for (const set of sets) addSet(union, set);
  return union;
}

export function isClean(mask: ColumnSet): boolean {
  if (mask.low !== 0 || mask.mid !== 0) return false;
  if (mask.high !== null) for (const w of mask.high) if (w !== 0) return false;
  return true;
}

/** Whether two sets share a flag. */
export function overlaps(a: ColumnSet, b: ColumnSet): boolean {
  if ((a.low & b.low) !== 0 || (a.mid & b.mid) !== 0) return true;
  if (a.high === null || b.high === null) return false;
  for (let i = 0; i < a.high.length; i++)
    if (((a.high[i] ?? 0) & (b.high[i] ?? 0)) !== 0) return true;
  return false;
}

/** Whether `mask` has flag `unit`. */
export function hasUnit(mask: ColumnSet, unit: number): boolean {
  if (unit < 32) return (mask.low & (1 << unit)) !== 0;
  if (unit < 64) return (mask.mid & (1 << (unit & 31))) !== 0;
  return ((mask.high?.[(unit >> 5) - 2] ?? 0) & (1 << (unit & 31))) !== 0;
}

/** The mask as one number, flag `u` worth 2^u (exact for up to 53 flags). */
export function maskNumber(words: readonly number[]): number {
  let n = 0;
  for (let i = words.length - 1; i >= 0; i--) n = n * 2 ** 32 + (words[i] as number);
  return n;
}

/**
 * The words unsigned, up to the last one with a flag (at least one word): the mask as the
 * flush's JSON and SQL read it (a word left out reads as no flag), and as a map key.
 */
export function unsignedWords(mask: ColumnSet): number[] {
  const words = [mask.low >>> 0, mask.mid >>> 0];
  if (mask.high !== null) for (const w of mask.high) words.push(w >>> 0);
  while (words.length > 1 && words[words.length - 1] === 0) words.pop();
  return words;
}
