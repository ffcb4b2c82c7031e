/**
 * Deterministic pseudo-random numbers: sfc32 (Small Fast Counter, 128-bit state), seeded
 * through splitmix32. No Math.random anywhere in the rules.
 */

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, maxExclusive); 0 when maxExclusive <= 1. */
  int(maxExclusive: number): number;
  /** True with probability p (p <= 0 never, p >= 1 always). */
  chance(p: number): boolean;
}

const TWO_POW_32 = 4294967296;

class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0;
    this.b = 0;
    this.c = 0;
    this.d = 1;
    this.seed(seed);
  }

  /** Restarts the sequence from `seed`: the same state as `new Sfc32(seed)`. */
  seed(seed: number): void {
    // splitmix32 expands the 32-bit seed into the state; a few rounds decorrelate nearby seeds.
    let s = seed >>> 0;
    s = (s + 0x9e3779b9) | 0;
    this.a = splitmix(s);
    s = (s + 0x9e3779b9) | 0;
    this.b = splitmix(s);
    s = (s + 0x9e3779b9) | 0;
    this.c = splitmix(s);
    this.d = 1;
    for (let i = 0; i < 8; i++) this.next();
  }

  next(): number {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const t = (((a + b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return (t >>> 0) / TWO_POW_32;
  }

  int(maxExclusive: number): number {
    if (!(maxExclusive > 1)) return 0;
    return Math.floor(this.next() * maxExclusive);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

function splitmix(z0: number): number {
  let z = z0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A new generator; the same seed always yields the same sequence. */
export function createRng(seed: number): Rng {
  return new Sfc32(seed);
}

/**
 * A generator restarted from `seed` (the same sequence as `createRng(seed)`), reusing `rng`'s
 * object when it is one of ours: a hot loop that seeds one generator per action (the world
 * tick) allocates nothing. Whoever held `rng` sees the new sequence.
 */
export function reseedRng(rng: Rng, seed: number): Rng {
  if (rng instanceof Sfc32) {
    rng.seed(seed);
    return rng;
  }
  return new Sfc32(seed);
}

/**
 * Hashes integers into a 32-bit unsigned seed (murmur3-style mixing). Each part contributes
 * its low and high 32 bits, so safe integers up to 2^53 are all distinct inputs.
 * The server seeds each action with seedFrom(playerId, actionCounter, worldSeed).
 */
export function seedFrom(...parts: number[]): number {
  let h = 0x811c9dc5 ^ parts.length;
  for (const part of parts) h = mixPart(h, part);
  return finishSeed(h);
}

/**
 * seedFrom(playerId, actionCounter, worldSeed), the same number, without the list of parts the
 * rest parameter makes: the world tick seeds every action with it.
 */
export function actionSeed(playerId: number, actionCounter: number, worldSeed: number): number {
  return finishSeed(mixPart(mixPart(mixPart(0x811c9dc5 ^ 3, playerId), actionCounter), worldSeed));
}

/** One part of a seed: its low and high 32 bits (non-finite counts as 0). */
function mixPart(h: number, part: number): number {
  const n = Number.isFinite(part) ? Math.trunc(part) : 0;
  const lo = n >>> 0;
  const hi = Math.floor(n / TWO_POW_32) >>> 0;
  return mix(mix(h, lo), hi);
}

function finishSeed(seed: number): number {
  let h = seed;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function mix(h: number, k: number): number {
  let x = Math.imul(k, 0xcc9e2d51);
  x = (x << 15) | (x >>> 17);
  x = Math.imul(x, 0x1b873593);
  let y = h ^ x;
  y = (y << 13) | (y >>> 19);
  return (Math.imul(y, 5) + 0xe6546b64) | 0;
}

/**
 * Rounds a non-negative amount to an integer stochastically: floor(x) plus 1 with
 * probability frac(x), so the expected value is exactly x (our design for fractional loot).
 */
export function stochasticRound(x: number, rng: Rng): number {
  if (!(x > 0)) return 0;
  const whole = Math.floor(x);
  const frac = x - whole;
  return frac > 0 && rng.next() < frac ? whole + 1 : whole;
}
