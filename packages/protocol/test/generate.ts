import type { AnyCodec, CodecDesc } from "../src/index";

/** A seeded PRNG returning floats in [0, 1) (mulberry32: tiny, fast, good enough for tests). */
export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniformly random integer in [min, max]. */
export function intIn(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}

export interface GenerateOptions {
  /** Longest string generated when not producing a max-length one (default 12). */
  maxString?: number;
  /** Generate exactly-max-length strings (sometimes) when the maximum is at most this (default 500). */
  fullStringUpTo?: number;
  /** Most items in an array or entries in a map (default 3). */
  maxItems?: number;
}

/** Characters of 1, 2, 3 and 4 UTF-8 bytes (the last is a surrogate pair in UTF-16). */
const MULTI_BYTE = ["ÿ", "€", "𝄞", "漢"];
/** One character of each UTF-8 width: 2 + 3 + 4 + 3 = 12 bytes, 5 UTF-16 units. */
export const SAMPLE = "ÿ€𝄞漢";
const ASCII = "abcXYZ019 _-<>&\"'\\/\n";

/** Edge and ordinary float64 values, all finite. */
const F64_EDGES = [
  0,
  -0,
  1,
  -1,
  0.1,
  -2.5,
  1e300,
  -1e300,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  Math.PI,
];
/** Edge values representable exactly as float32. */
const F32_EDGES = [
  0,
  -0,
  1,
  -1,
  0.5,
  -2.5,
  3.4028234663852886e38,
  -3.4028234663852886e38,
  2 ** -149,
];

/** A random valid value for `codec`: what a well-behaved sender could put on the wire. */
export function generate(codec: AnyCodec, rng: Rng, options: GenerateOptions = {}): unknown {
  return gen(codec.desc, rng, {
    maxString: options.maxString ?? 12,
    fullStringUpTo: options.fullStringUpTo ?? 500,
    maxItems: options.maxItems ?? 3,
  });
}

function gen(desc: CodecDesc, rng: Rng, o: Required<GenerateOptions>): unknown {
  switch (desc.kind) {
    case "int": {
      const r = rng();
      if (r < 0.15) return desc.min;
      if (r < 0.3) return desc.max;
      if (r < 0.4 && desc.min <= 0) return 0;
      return intIn(rng, desc.min, desc.max);
    }
    case "float": {
      if (desc.name === "f32") {
        return rng() < 0.4
          ? pick(rng, F32_EDGES)
          : Math.fround((rng() - 0.5) * 2 ** intIn(rng, -20, 60));
      }
      return rng() < 0.4 ? pick(rng, F64_EDGES) : (rng() - 0.5) * 2 ** intIn(rng, -60, 80);
    }
    case "uint53": {
      const r = rng();
      if (r < 0.2) return 0;
      if (r < 0.4) return Number.MAX_SAFE_INTEGER;
      if (r < 0.7) return intIn(rng, 0, 1000);
      return Math.floor(rng() * Number.MAX_SAFE_INTEGER);
    }
    case "bool":
      return rng() < 0.5;
    case "string":
      return genString(rng, desc.maxLength, o);
    case "enum":
      return pick(rng, desc.values);
    case "optional":
      return rng() < 0.5 ? undefined : gen(desc.inner.desc, rng, o);
    case "array": {
      const n = intIn(rng, 0, Math.min(desc.maxItems, o.maxItems));
      return Array.from({ length: n }, () => gen(desc.item.desc, rng, o));
    }
    case "map": {
      // String-keyed maps decode to prototype-less objects (so "__proto__" stays data): mirror that.
      const out: Record<string, unknown> =
        desc.key.desc.kind === "string" ? Object.create(null) : {};
      const n = intIn(rng, 0, Math.min(desc.maxEntries, o.maxItems));
      // Unique keys: retry a few times, then give up (small enums run out of members).
      for (let tries = 0; Object.keys(out).length < n && tries < n * 8; tries++) {
        const key = String(gen(desc.key.desc, rng, o));
        if (Object.hasOwn(out, key)) continue;
        out[key] = gen(desc.value.desc, rng, o);
      }
      return out;
    }
    case "record": {
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(desc.fields)) {
        const value = gen(field.desc, rng, o);
        // An absent optional field is an omitted key, as the decoder produces.
        if (value !== undefined) out[name] = value;
      }
      return out;
    }
  }
}

function genString(rng: Rng, maxLength: number, o: Required<GenerateOptions>): string {
  const r = rng();
  if (r < 0.15) return "";
  if (r < 0.3 && SAMPLE.length <= maxLength) return SAMPLE;
  const full = r < 0.45 && maxLength <= o.fullStringUpTo;
  const target = full ? maxLength : intIn(rng, 0, Math.min(maxLength, o.maxString));
  let s = "";
  while (s.length < target) {
    const room = target - s.length;
    const c =
      rng() < 0.6 ? (ASCII[Math.floor(rng() * ASCII.length)] as string) : pick(rng, MULTI_BYTE);
    // Never split a surrogate pair at the limit.
    s += c.length <= room ? c : "x";
  }
  return s;
}
