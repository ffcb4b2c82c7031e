import { describe, expect, it } from "vitest";
import {
  type AnyCodec,
  type Catalogue,
  type ClientPayload,
  clientProtocol,
  Reader,
  serverProtocol,
  t,
  Writer,
} from "../src/index";
import { msg } from "../src/messages/define";
import { direction } from "../src/messages/registry";
import { generate, mulberry32, SAMPLE } from "./generate";
import { expectProtocolError } from "./helpers";

/** A direction with its generic signature erased, to loop over every message by name. */
interface Loose {
  catalogue: Catalogue;
  encode(type: string, data: unknown): Uint8Array;
  decode(frame: Uint8Array): { type: string; data: unknown };
  nameOf(op: number): string | undefined;
}
const client = clientProtocol as unknown as Loose;
const server = serverProtocol as unknown as Loose;
const directions = [
  ["client", client],
  ["server", server],
] as const;

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

describe.each(directions)("%s catalogue", (_label, proto) => {
  const names = Object.keys(proto.catalogue);

  it.each(names)("%s round-trips generated values", (name) => {
    const def = proto.catalogue[name]!;
    for (const seed of SEEDS) {
      // Every other seed allows long and exactly-max-length strings.
      const options = seed % 2 ? {} : { maxString: 40, fullStringUpTo: 2000 };
      const value = generate(def.codec, mulberry32(seed * 7919 + def.op), options);
      const frame = proto.encode(name, value);
      expect(frame[0]).toBe(def.op >> 8);
      expect(frame[1]).toBe(def.op & 0xff);
      expect(proto.decode(frame), `seed ${seed}`).toStrictEqual({ type: name, data: value });
      // Encoding is deterministic (the shared writer leaks nothing between frames).
      expect(proto.encode(name, value)).toEqual(frame);
    }
  });

  it("has unique u16 opcodes that nameOf maps back", () => {
    const ops = names.map((n) => proto.catalogue[n]!.op);
    expect(new Set(ops).size).toBe(ops.length);
    for (const [i, op] of ops.entries()) {
      expect(Number.isInteger(op) && op >= 0 && op <= 0xffff).toBe(true);
      expect(proto.nameOf(op)).toBe(names[i]);
    }
  });

  it("refuses a message name it does not declare, including Object.prototype keys", () => {
    for (const name of ["nope", "toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expectProtocolError(() => proto.encode(name, {}), "unknown_opcode");
    }
  });
});

describe("framing", () => {
  it("hand-built toast frame matches the encoder byte for byte", () => {
    const bytes = serverProtocol.encode("toast", { text: "hi" });
    expect([...bytes]).toEqual([0, 0, 0, 2, 0x68, 0x69]);
    expect(serverProtocol.decode(Uint8Array.from([0, 0, 0, 2, 0x68, 0x69]))).toEqual({
      type: "toast",
      data: { text: "hi" },
    });
  });

  it("writes the opcode big-endian", () => {
    const d = direction("test", { big: msg(0x1234, { n: t.u16 }) });
    expect([...d.encode("big", { n: 0xabcd })]).toEqual([0x12, 0x34, 0xab, 0xcd]);
    expect([...clientProtocol.encode("heartbeat", {})]).toEqual([0, 1]);
    expect([...clientProtocol.encode("shopPurchase", { euros: 5, anonymous: true })]).toEqual([
      0, 145, 0, 5, 1,
    ]);
  });

  it("refuses duplicate or out-of-range opcodes when a direction is built", () => {
    expect(() => direction("test", { a: msg(3, {}), b: msg(3, {}) })).toThrow(/opcode 3/);
    expect(() => direction("test", { a: msg(0x10000, {}) })).toThrow(/not a u16/);
  });

  it("prefixes strings with their UTF-8 byte length, not their UTF-16 length", () => {
    const bytes = serverProtocol.encode("toast", { text: SAMPLE });
    const utf8 = [0xc3, 0xbf, 0xe2, 0x82, 0xac, 0xf0, 0x9d, 0x84, 0x9e, 0xe6, 0xbc, 0xa2];
    expect([...bytes]).toEqual([0, 0, 0, 12, ...utf8]);
    expect(serverProtocol.decode(bytes).data).toEqual({ text: SAMPLE });
    // maxLength counts UTF-16 units: 500 three-byte characters (1500 bytes) fit toast's 500.
    const wide = "漢".repeat(500);
    expect(serverProtocol.decode(serverProtocol.encode("toast", { text: wide })).data).toEqual({
      text: wide,
    });
  });

  it("replaces a lone UTF-16 surrogate with U+FFFD (TextEncoder), so it does not round-trip", () => {
    const bytes = serverProtocol.encode("toast", { text: "a\uD800b" });
    expect([...bytes]).toEqual([0, 0, 0, 5, 0x61, 0xef, 0xbf, 0xbd, 0x62]);
    expect(serverProtocol.decode(bytes).data).toEqual({ text: "a\uFFFDb" });
  });

  it("writes fields in declaration order with no names, numbers big-endian", () => {
    const bytes = clientProtocol.encode("selectEnemy", { zone: 3, enemy: 258, magicType: 2 });
    const f64 = [0x40, 0x70, 0x20, 0, 0, 0, 0, 0]; // 258 as float64
    expect([...bytes]).toEqual([0, 5, 3, ...f64, 1, 2]);
    const absent = clientProtocol.encode("selectEnemy", { zone: 3, enemy: 258 });
    expect([...absent]).toEqual([0, 5, 3, ...f64, 0]);
    const dm = clientProtocol.encode("dungeonMove", { x: -2, y: 300, guild: false });
    expect([...dm]).toEqual([0, 85, 0xff, 0xfe, 0x01, 0x2c, 0]);
  });

  it("omits absent optional keys from decoded records", () => {
    const payloads: ClientPayload<"selectEnemy">[] = [
      { zone: 1, enemy: 5 },
      { zone: 1, enemy: 5, magicType: undefined },
    ];
    for (const data of payloads) {
      const decoded = clientProtocol.decode(clientProtocol.encode("selectEnemy", data)).data;
      expect(Object.keys(decoded)).toEqual(["zone", "enemy"]);
      expect("magicType" in decoded).toBe(false);
    }
    const patch = serverProtocol.decode(serverProtocol.encode("playerUpdate", { patch: {} }));
    expect(patch).toStrictEqual({ type: "playerUpdate", data: { patch: {} } });
  });

  it("keeps a string map key named __proto__ as data", () => {
    const enabled = JSON.parse('{"__proto__": true, "b": false}');
    const data = { token: "t", enabled };
    const decoded = client.decode(client.encode("updateDeviceSettings", data)).data as typeof data;
    expect(Object.keys(decoded.enabled)).toEqual(["__proto__", "b"]);
    expect(Object.getPrototypeOf(decoded.enabled)).toBe(null);
  });

  it("writes maps as a count then key/value pairs", () => {
    const bytes = serverProtocol.encode("guildUpgrades", { upgrades: { 2: 7 }, next: 3 });
    expect([...bytes]).toEqual([0, 42, 0, 1, 2, 0, 0, 0, 7, 1, 3]);
  });
});

describe("encode refuses invalid values", () => {
  const cases: [string, AnyCodec, unknown[], unknown[]][] = [
    ["u8", t.u8, [0, 255], [-1, 256, 1.5, Number.NaN, "1", undefined]],
    ["u16", t.u16, [0, 65535], [-1, 65536]],
    ["u32", t.u32, [0, 2 ** 32 - 1], [-1, 2 ** 32]],
    ["i8", t.i8, [-128, 127], [-129, 128, 0.5]],
    ["i16", t.i16, [-32768, 32767], [-32769, 32768]],
    ["i32", t.i32, [-(2 ** 31), 2 ** 31 - 1], [-(2 ** 31) - 1, 2 ** 31]],
    ["f64", t.f64, [-1e308, 5e-324], [Number.NaN, Infinity, -Infinity, "1"]],
    ["f32", t.f32, [3.4028234663852886e38, -1.5], [Number.NaN, Infinity, 1e39, -1e300]],
    ["uint53", t.uint53, [0, Number.MAX_SAFE_INTEGER], [-1, 0.5, 2 ** 53, Number.NaN, "3"]],
    ["bool", t.bool, [true, false], [0, 1, "true", undefined, null]],
    ["string(3)", t.string(3), ["", "abc", "𝄞a"], ["abcd", "𝄞𝄞", 3, undefined]],
    ["array(u8,2)", t.array(t.u8, 2), [[], [1, 2]], [[1, 2, 3], "ab", undefined]],
    ["map(u8,bool,1)", t.map(t.u8, t.bool, 1), [{}, { 9: true }], [{ 1: true, 2: false }]],
    ["record", t.record({ a: t.u8 }), [{ a: 1 }], [{}, { a: "x" }, null, 5]],
  ];

  it.each(cases)("%s", (_name, codec, good, bad) => {
    for (const v of good) {
      const w = new Writer();
      codec.encode(w, v);
      expect(codec.decode(new Reader(w.finish()))).toEqual(v);
    }
    for (const v of bad) expectProtocolError(() => codec.encode(new Writer(), v), "invalid_value");
  });

  it("refuses a string over 65535 UTF-8 bytes even under its UTF-16 maximum", () => {
    expectProtocolError(() => t.string().encode(new Writer(), "漢".repeat(30000)), "invalid_value");
  });

  it("refuses out-of-range values inside messages with the field named", () => {
    const enc = (name: string, data: unknown) => () => client.encode(name, data);
    expectProtocolError(enc("petUnlock", { petType: 256 }), "invalid_value");
    expectProtocolError(enc("petFeed", { petType: 1, eggs: -1 }), "invalid_value");
    expectProtocolError(enc("dungeonMove", { x: 40000, y: 0, guild: true }), "invalid_value");
    const quest = { trusted: true, clickX: 1, clickY: 1, pressDuration: 1, timingDelta: 1 };
    expectProtocolError(
      enc("completeQuest", { ...quest, clickX: Infinity, touch: false }),
      "invalid_value",
    );
    expectProtocolError(enc("petRename", { petType: 1, name: "x".repeat(21) }), "invalid_value");
    expectProtocolError(enc("getItems", { ids: new Array(101).fill(1) }), "invalid_value");
    expectProtocolError(enc("refreshActions", {}), "invalid_value");
    const e = expectProtocolError(
      () => server.encode("toast", { text: "x".repeat(501) }),
      "invalid_value",
    );
    expect(e.message).toMatch(/^text: /);
    const upgrades = Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => [k, 1]));
    expectProtocolError(() => server.encode("guildUpgrades", { upgrades }), "invalid_value");
  });

  it("refuses values outside an enum with invalid_enum", () => {
    const enc = (data: unknown) => () => client.encode("selectEnemy", data);
    expectProtocolError(enc({ zone: 6, enemy: 1 }), "invalid_enum");
    expectProtocolError(enc({ zone: 0, enemy: 1 }), "invalid_enum");
    expectProtocolError(enc({ zone: "1", enemy: 1 }), "invalid_enum");
    const e = expectProtocolError(enc({ zone: 1, enemy: 1, magicType: 4 }), "invalid_enum");
    expect(e.message).toMatch(/^magicType: /);
    expectProtocolError(() => client.encode("unequipItem", { slot: 10 }), "invalid_enum");
  });

  it("grows its buffer from any initial size", () => {
    for (const size of [0, 1, 3]) {
      const w = new Writer(size);
      w.string(SAMPLE.repeat(100));
      w.f64(1);
      expect(w.finish().length).toBe(2 + 1200 + 8);
    }
  });
});

describe("the generator", () => {
  it("covers the edges it promises", () => {
    const seen = new Set<unknown>();
    const codecs = [t.uint53, t.string(20), t.optional(t.u8), t.i8, t.f64];
    for (let seed = 0; seed < 200; seed++) {
      for (const c of codecs) seen.add(generate(c, mulberry32(seed)));
    }
    for (const v of [0, Number.MAX_SAFE_INTEGER, "", SAMPLE, undefined, -128, 127, 1e300]) {
      expect(seen.has(v), String(v)).toBe(true);
    }
    expect([...seen].some((v) => typeof v === "string" && v.length === 20)).toBe(true);
    expect([...seen].some((v) => typeof v === "number" && v < 0 && !Number.isInteger(v))).toBe(
      true,
    );
  });

  it("is deterministic per seed", () => {
    const codec = serverProtocol.catalogue.playerState.codec;
    expect(generate(codec, mulberry32(42))).toEqual(generate(codec, mulberry32(42)));
    expect(generate(codec, mulberry32(42))).not.toEqual(generate(codec, mulberry32(43)));
  });
});
