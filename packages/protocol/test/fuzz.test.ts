import { describe, expect, it } from "vitest";
import { type Catalogue, clientProtocol, ProtocolError, serverProtocol } from "../src/index";
import { generate, intIn, mulberry32, pick, type Rng } from "./generate";
import { hex } from "./helpers";

/** Change SEED to explore other frames; every failure names the seed of its frame. */
const SEED = 0x6d616e61;
const RANDOM_FRAMES = 10_000;
const MUTATED_FRAMES = 15_000;

interface Decoder {
  catalogue: Catalogue;
  encode(type: string, data: unknown): Uint8Array;
  decode(frame: Uint8Array): { type: string; data: unknown };
}

/** Collects at most a few failures; counts every frame tried. */
class Harness {
  frames = 0;
  decoded = 0;
  failures: string[] = [];

  constructor(private readonly proto: Decoder) {}

  private fail(what: string, seed: number, frame: Uint8Array, err?: unknown): void {
    if (this.failures.length < 10) {
      const cause = err instanceof Error ? `${err.name}: ${err.message}` : String(err ?? "");
      this.failures.push(`${what} (seed ${seed}, frame ${hex(frame)}) ${cause}`);
    }
  }

  /** Decode must return a value or throw ProtocolError; a value must re-encode stably. */
  check(frame: Uint8Array, seed: number): ProtocolError | undefined {
    this.frames++;
    let message: { type: string; data: unknown };
    try {
      message = this.proto.decode(frame);
    } catch (err) {
      if (err instanceof ProtocolError) return err;
      this.fail("decode threw a non-ProtocolError", seed, frame, err);
      return undefined;
    }
    this.decoded++;
    try {
      const again = this.proto.encode(message.type, message.data);
      const back = this.proto.decode(again);
      if (!deepEqual(back, message)) this.fail("re-encoded frame decodes differently", seed, frame);
      else if (hex(this.proto.encode(back.type, back.data)) !== hex(again)) {
        this.fail("re-encoding is not idempotent", seed, frame);
      }
    } catch (err) {
      this.fail("a decoded value did not re-encode and decode", seed, frame, err);
    }
    return undefined;
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ob = b as Record<string, unknown>;
  return ka.every(
    (k) => Object.hasOwn(ob, k) && deepEqual((a as Record<string, unknown>)[k], ob[k]),
  );
}

/** Small but complete values: short strings, up to two items per array or map. */
function validFrames(proto: Decoder, seeds: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const [name, def] of Object.entries(proto.catalogue)) {
    for (const seed of seeds) {
      const value = generate(def.codec, mulberry32(seed * 1000 + def.op), {
        maxString: 6,
        fullStringUpTo: 0,
        maxItems: 2,
      });
      out.push(proto.encode(name, value));
    }
  }
  return out;
}

function randomFrame(rng: Rng, ops: number[]): Uint8Array {
  const bytes = Array.from({ length: intIn(rng, 0, 48) }, () => intIn(rng, 0, 255));
  // Half the frames start with a real opcode so the body gets exercised.
  if (bytes.length >= 2 && rng() < 0.5) {
    const op = pick(rng, ops);
    bytes[0] = op >> 8;
    bytes[1] = op & 0xff;
  }
  return Uint8Array.from(bytes);
}

const INTERESTING = [0, 1, 2, 3, 0x7f, 0x80, 0xfe, 0xff];

function mutate(rng: Rng, frame: Uint8Array): Uint8Array {
  const bytes = [...frame];
  for (let n = intIn(rng, 1, 3); n > 0; n--) {
    const at = intIn(rng, 0, bytes.length);
    const r = rng();
    const value = rng() < 0.5 ? pick(rng, INTERESTING) : intIn(rng, 0, 255);
    if (r < 0.5 && at < bytes.length) bytes[at] = value;
    else if (r < 0.65 && at < bytes.length)
      bytes[at] = (bytes[at] as number) ^ (1 << intIn(rng, 0, 7));
    else if (r < 0.85) bytes.splice(at, 0, value);
    else bytes.splice(at, 1);
  }
  return Uint8Array.from(bytes);
}

function fuzz(proto: Decoder) {
  const h = new Harness(proto);
  const ops = Object.values(proto.catalogue).map((d) => d.op);

  for (let i = 0; i < RANDOM_FRAMES; i++) h.check(randomFrame(mulberry32(SEED + i), ops), SEED + i);

  // Every proper prefix of a valid frame must fail as truncated or length_overflow.
  const valid = validFrames(proto, [1, 2, 3]);
  for (const [i, frame] of valid.entries()) {
    if (h.check(frame, i)) h.failures.push(`valid frame ${i} did not decode: ${hex(frame)}`);
    for (let len = 0; len < frame.length; len++) {
      const err = h.check(frame.subarray(0, len), i);
      if (err?.code !== "truncated" && err?.code !== "length_overflow") {
        h.failures.push(`prefix ${len} of valid frame ${i} gave ${err?.code ?? "a value"}`);
      }
    }
  }

  for (let i = 0; i < MUTATED_FRAMES; i++) {
    const rng = mulberry32(SEED ^ (i * 0x9e3779b9));
    h.check(mutate(rng, pick(rng, valid)), SEED ^ (i * 0x9e3779b9));
  }
  return h;
}

describe("fuzzing the decoders", () => {
  let total = 0;

  it.each([
    ["client", clientProtocol],
    ["server", serverProtocol],
  ] as const)(
    "%s: decode returns a value or throws ProtocolError, and is stable",
    (_label, proto) => {
      const started = performance.now();
      const h = fuzz(proto as unknown as Decoder);
      total += h.frames;
      expect(h.failures).toEqual([]);
      // Enough frames get through to exercise the re-encode path, and enough are refused.
      expect(h.decoded).toBeGreaterThan(1000);
      expect(h.frames - h.decoded).toBeGreaterThan(10_000);
      console.info(
        `fuzz ${_label}: ${h.frames} frames (${h.decoded} decoded) in ${Math.round(performance.now() - started)} ms`,
      );
    },
  );

  it("tried at least 20,000 frames", () => {
    expect(total).toBeGreaterThanOrEqual(20_000);
  });

  it("the harness reports foreign errors and unstable values with seed and frame", () => {
    const broken: Decoder = {
      catalogue: {},
      encode: () => Uint8Array.of(1),
      decode: (f) => {
        if (f[0] === 0) throw new TypeError("boom");
        return { type: "x", data: { n: f[0] === 1 ? 1 : -0 } };
      },
    };
    const h = new Harness(broken);
    h.check(Uint8Array.of(0, 0xab), 77);
    h.check(Uint8Array.of(2), 78);
    expect(h.failures).toEqual([
      "decode threw a non-ProtocolError (seed 77, frame 00ab) TypeError: boom",
      "re-encoded frame decodes differently (seed 78, frame 02) ",
    ]);
  });
});
