import { MAX_U16, type Reader, type Writer } from "./buffer";
import { ProtocolError } from "./errors";

/**
 * What a codec is, as data, so tests and docs can walk a schema
 * (generate values, print the catalogue) without knowing each message.
 */
export type CodecDesc =
  | { kind: "int"; name: IntName; min: number; max: number }
  | { kind: "float"; name: "f32" | "f64" }
  | { kind: "uint53" }
  | { kind: "bool" }
  | { kind: "string"; maxLength: number }
  | { kind: "enum"; values: readonly number[] }
  | { kind: "optional"; inner: AnyCodec }
  | { kind: "array"; item: AnyCodec; maxItems: number }
  | { kind: "map"; key: AnyCodec; value: AnyCodec; maxEntries: number }
  | { kind: "record"; fields: Readonly<Record<string, AnyCodec>> };

export type IntName = "u8" | "u16" | "u32" | "i8" | "i16" | "i32";

export interface Codec<T> {
  readonly desc: CodecDesc;
  encode(w: Writer, value: T): void;
  decode(r: Reader): T;
}

// biome-ignore lint/suspicious/noExplicitAny: the erased form of any codec
export type AnyCodec = Codec<any>;

/** The TypeScript type a codec encodes and decodes. */
export type Infer<C> = C extends Codec<infer T> ? T : never;

const INT_RANGES: Record<IntName, [number, number]> = {
  u8: [0, 0xff],
  u16: [0, 0xffff],
  u32: [0, 0xffffffff],
  i8: [-0x80, 0x7f],
  i16: [-0x8000, 0x7fff],
  i32: [-0x80000000, 0x7fffffff],
};

function int(name: IntName): Codec<number> {
  const [min, max] = INT_RANGES[name];
  return {
    desc: { kind: "int", name, min, max },
    encode(w, v) {
      if (!Number.isInteger(v) || v < min || v > max) {
        throw new ProtocolError("invalid_value", `${v} is not a valid ${name}`);
      }
      w[name](v);
    },
    decode(r) {
      return r[name]();
    },
  };
}

function float(name: "f32" | "f64"): Codec<number> {
  return {
    desc: { kind: "float", name },
    encode(w, v) {
      // A finite float64 beyond the float32 range would be written as Infinity, which decode refuses.
      if (!Number.isFinite(v) || (name === "f32" && !Number.isFinite(Math.fround(v)))) {
        throw new ProtocolError("invalid_value", `${v} is not a finite ${name}`);
      }
      w[name](v);
    },
    decode(r) {
      const v = r[name]();
      if (!Number.isFinite(v)) throw new ProtocolError("invalid_value", `${v} is not finite`);
      return v;
    },
  };
}

/** A non-negative safe integer (ids, counters, amounts) carried as a float64. */
const uint53: Codec<number> = {
  desc: { kind: "uint53" },
  encode(w, v) {
    if (!Number.isSafeInteger(v) || v < 0) {
      throw new ProtocolError("invalid_value", `${v} is not a non-negative safe integer`);
    }
    w.f64(v);
  },
  decode(r) {
    const v = r.f64();
    if (!Number.isSafeInteger(v) || v < 0) {
      throw new ProtocolError("invalid_value", `${v} is not a non-negative safe integer`);
    }
    return v;
  },
};

const bool: Codec<boolean> = {
  desc: { kind: "bool" },
  encode(w, v) {
    // Refuse rather than coerce, so a missing field is an error and not a silent `false`.
    if (typeof v !== "boolean") throw new ProtocolError("invalid_value", `${v} is not a boolean`);
    w.u8(v ? 1 : 0);
  },
  decode(r) {
    const b = r.u8();
    if (b > 1) throw new ProtocolError("invalid_value", `bool byte ${b} is neither 0 nor 1`);
    return b === 1;
  },
};

/** UTF-8 string; `maxLength` (in UTF-16 units) is checked on both sides. */
function string(maxLength = MAX_U16): Codec<string> {
  return {
    desc: { kind: "string", maxLength },
    encode(w, v) {
      if (typeof v !== "string" || v.length > maxLength) {
        throw new ProtocolError("invalid_value", `string longer than ${maxLength}`);
      }
      w.string(v);
    },
    decode(r) {
      const v = r.string();
      if (v.length > maxLength) {
        throw new ProtocolError("invalid_value", `string longer than ${maxLength}`);
      }
      return v;
    },
  };
}

/** One byte holding one of the listed values; anything else is `invalid_enum`. */
function enumOf<const V extends readonly number[]>(values: V): Codec<V[number]> {
  const allowed = new Set<number>(values);
  for (const v of values) {
    if (!Number.isInteger(v) || v < 0 || v > 0xff) throw new Error(`enum value ${v} not a u8`);
  }
  return {
    desc: { kind: "enum", values },
    encode(w, v) {
      if (!allowed.has(v)) throw new ProtocolError("invalid_enum", `${v} is not one of ${values}`);
      w.u8(v);
    },
    decode(r) {
      const v = r.u8();
      if (!allowed.has(v)) throw new ProtocolError("invalid_enum", `${v} is not one of ${values}`);
      return v as V[number];
    },
  };
}

export interface OptionalCodec<T> extends Codec<T | undefined> {
  readonly optional: true;
}

/** A presence byte, then the value if present. In a record the key becomes optional. */
function optional<T>(inner: Codec<T>): OptionalCodec<T> {
  return {
    optional: true,
    desc: { kind: "optional", inner },
    encode(w, v) {
      if (v === undefined || v === null) {
        w.u8(0);
        return;
      }
      w.u8(1);
      inner.encode(w, v);
    },
    decode(r) {
      const present = r.u8();
      if (present === 0) return undefined;
      if (present !== 1) throw new ProtocolError("invalid_value", `presence byte ${present}`);
      return inner.decode(r);
    },
  };
}

function checkCount(r: Reader, count: number, max: number, what: string): void {
  if (count > max) throw new ProtocolError("invalid_value", `${what} of ${count} exceeds ${max}`);
  // Every element takes at least one byte except empty records; guard those by max alone.
  if (count > r.remaining && count > 0) {
    throw new ProtocolError("length_overflow", `${what} of ${count} runs past the end`);
  }
}

/** A 16-bit count, then the items. */
function array<T>(item: Codec<T>, maxItems = MAX_U16): Codec<T[]> {
  return {
    desc: { kind: "array", item, maxItems },
    encode(w, v) {
      if (!Array.isArray(v) || v.length > maxItems) {
        throw new ProtocolError("invalid_value", `array longer than ${maxItems}`);
      }
      w.u16(v.length);
      for (const x of v) item.encode(w, x);
    },
    decode(r) {
      const count = r.u16();
      checkCount(r, count, maxItems, "array");
      const out = new Array<T>(count);
      for (let i = 0; i < count; i++) out[i] = item.decode(r);
      return out;
    },
  };
}

type MapKey = number | string;

/** A 16-bit count, then key/value pairs; decoded into a plain object. Duplicate keys are refused. */
function map<K extends MapKey, V>(key: Codec<K>, value: Codec<V>, maxEntries = MAX_U16) {
  const numericKeys = key.desc.kind !== "string";
  const codec: Codec<Record<K, V>> = {
    desc: { kind: "map", key, value, maxEntries },
    encode(w, v) {
      const keys = Object.keys(v);
      if (keys.length > maxEntries) {
        throw new ProtocolError("invalid_value", `map larger than ${maxEntries}`);
      }
      w.u16(keys.length);
      for (const k of keys) {
        key.encode(w, (numericKeys ? Number(k) : k) as K);
        value.encode(w, (v as Record<string, V>)[k] as V);
      }
    },
    decode(r) {
      const count = r.u16();
      checkCount(r, count, maxEntries, "map");
      const out: Record<string, V> = numericKeys ? {} : Object.create(null);
      for (let i = 0; i < count; i++) {
        const k = key.decode(r);
        if (Object.hasOwn(out, k as string))
          throw new ProtocolError("invalid_value", `duplicate key ${k}`);
        out[k as string] = value.decode(r);
      }
      return out as Record<K, V>;
    },
  };
  return codec;
}

type Fields = Readonly<Record<string, AnyCodec>>;
type OptionalKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends OptionalCodec<unknown> ? K : never;
}[keyof F];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The object type of a record schema: optional codecs become optional keys. */
export type RecordOf<F extends Fields> = Simplify<
  { [K in Exclude<keyof F, OptionalKeys<F>>]: Infer<F[K]> } & {
    [K in OptionalKeys<F>]?: Infer<F[K]>;
  }
>;

/** Fields in declaration order, no names on the wire. */
function record<const F extends Fields>(fields: F): Codec<RecordOf<F>> {
  const entries = Object.entries(fields);
  return {
    desc: { kind: "record", fields },
    encode(w, v) {
      if (typeof v !== "object" || v === null) {
        throw new ProtocolError("invalid_value", "record value is not an object");
      }
      const obj = v as Record<string, unknown>;
      for (const [name, codec] of entries) {
        try {
          codec.encode(w, obj[name]);
        } catch (err) {
          if (err instanceof ProtocolError) {
            throw new ProtocolError(err.code, `${name}: ${err.message}`);
          }
          throw new ProtocolError("invalid_value", `${name}: ${String(err)}`);
        }
      }
    },
    decode(r) {
      const out: Record<string, unknown> = {};
      for (const [name, codec] of entries) {
        const value = codec.decode(r);
        if (value !== undefined) out[name] = value;
      }
      return out as RecordOf<F>;
    },
  };
}

/** The schema vocabulary every message is declared with. */
export const t = {
  u8: int("u8"),
  u16: int("u16"),
  u32: int("u32"),
  i8: int("i8"),
  i16: int("i16"),
  i32: int("i32"),
  f32: float("f32"),
  f64: float("f64"),
  uint53,
  bool,
  string,
  enumOf,
  optional,
  array,
  map,
  record,
};
