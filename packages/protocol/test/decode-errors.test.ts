import { describe, expect, it } from "vitest";
import { clientProtocol, type ProtocolErrorCode, serverProtocol } from "../src/index";
import { be, expectProtocolError, frame, hex } from "./helpers";

// Client opcodes used below: 1 heartbeat {}, 2 refreshActions {bool}, 3 completeQuest {bool,
// 4 x f64, bool}, 5 selectEnemy {zone enum 1-5, enemy uint53, magicType optional enum 1-3},
// 9 petUnlock {u8}, 10 petFeed {u8, uint53}, 11 petRename {u8, string(20)}, 22 getItems
// {array(uint53, 100)}, 111 setGuildTaxPersonal {map(u16, f64, 64)}, 142 updateDeviceSettings
// {string(500), optional string(10), map(string(30), bool, 16)}.
// Server opcodes: 0 toast {string(500)}, 42 guildUpgrades {map(u8, u32, 8), optional u8}.

type Case = [what: string, bytes: Uint8Array, code: ProtocolErrorCode];

const quest = (x: number) => frame(3, 1, be.f64(x), be.f64(0), be.f64(0), be.f64(0), 0);
const toast = (...utf8: number[]) => frame(0, be.u16(utf8.length), utf8);
const devices = (...keys: string[]) =>
  frame(142, be.str("tok"), 0, be.u16(keys.length), ...keys.map((k) => [...be.str(k), 1]));

const clientCases: Case[] = [
  ["an empty frame", new Uint8Array(0), "truncated"],
  ["a frame cut inside the opcode", Uint8Array.of(0), "truncated"],
  ["a frame that ends before its u8 field", frame(9), "truncated"],
  ["a frame cut inside a uint53", frame(5, 1, 0, 0, 0), "truncated"],
  ["a frame cut inside a string length prefix", frame(11, 1, 0), "truncated"],
  ["a frame cut before an optional's presence byte", frame(5, 1, be.f64(1)), "truncated"],
  ["a frame cut after a presence byte of 1", frame(5, 1, be.f64(1), 1), "truncated"],
  [
    "array items fewer than the count, count within bytes left",
    frame(22, 0, 3, be.f64(1)),
    "truncated",
  ],
  ["an opcode no client message has", frame(200), "unknown_opcode"],
  ["a server-only opcode", frame(28), "unknown_opcode"],
  ["opcode 0xffff", frame(0xffff, 0, 0), "unknown_opcode"],
  ["a string length past the end", frame(11, 1, 0, 5, 0x61, 0x62), "length_overflow"],
  ["a string length of 0xffff", frame(11, 1, 0xff, 0xff), "length_overflow"],
  ["an array count past the end", frame(22, 0, 50, be.f64(1)), "length_overflow"],
  ["a map count past the end", frame(111, 0, 10, 0, 1), "length_overflow"],
  ["one extra byte after an empty message", frame(1, 0), "trailing_bytes"],
  ["one extra byte after the last field", frame(9, 7, 0), "trailing_bytes"],
  ["an enum byte below the range", frame(5, 0, be.f64(1), 0), "invalid_enum"],
  ["an enum byte above the range", frame(5, 6, be.f64(1), 0), "invalid_enum"],
  ["an enum byte of 255", frame(5, 255, be.f64(1), 0), "invalid_enum"],
  ["an optional enum present but out of range", frame(5, 1, be.f64(1), 1, 4), "invalid_enum"],
  ["a bool byte of 2", frame(2, 2), "invalid_value"],
  ["a bool byte of 255", frame(2, 255), "invalid_value"],
  ["a presence byte of 2", frame(5, 1, be.f64(1), 2, 1), "invalid_value"],
  ["a presence byte of 255", frame(5, 1, be.f64(1), 255), "invalid_value"],
  ["a NaN float64", quest(Number.NaN), "invalid_value"],
  [
    "a NaN float64 with payload bits",
    frame(3, 1, 0x7f, 0xf0, 0, 0, 0, 0, 0, 1, 0, 0),
    "invalid_value",
  ],
  ["an infinite float64", quest(-Infinity), "invalid_value"],
  ["a negative uint53", frame(10, 1, be.f64(-1)), "invalid_value"],
  ["a fractional uint53", frame(10, 1, be.f64(0.5)), "invalid_value"],
  ["a uint53 of 2^53", frame(10, 1, be.f64(2 ** 53)), "invalid_value"],
  ["a NaN uint53", frame(10, 1, be.f64(Number.NaN)), "invalid_value"],
  ["an array count above its maximum", frame(22, 0, 101), "invalid_value"],
  ["a string longer than its maximum", frame(11, 1, be.str("x".repeat(21))), "invalid_value"],
  [
    "a duplicate numeric map key",
    frame(111, 0, 2, 0, 7, be.f64(1), 0, 7, be.f64(2)),
    "invalid_value",
  ],
  ["a duplicate string map key", devices("a", "b", "a"), "invalid_value"],
  ["a map count above its maximum", frame(111, 0, 65), "invalid_value"],
];

const serverCases: Case[] = [
  ["an opcode no server message has", frame(500), "unknown_opcode"],
  ["a toast string length past the end", frame(0, 0, 3, 0x68, 0x69), "length_overflow"],
  ["a byte after a toast", Uint8Array.of(...toast(0x68, 0x69), 0), "trailing_bytes"],
  ["a broken UTF-8 sequence", toast(0xc3, 0x28), "invalid_value"],
  ["a lone continuation byte", toast(0x80), "invalid_value"],
  ["an overlong encoding of NUL", toast(0xc0, 0x80), "invalid_value"],
  ["an encoded UTF-16 surrogate", toast(0xed, 0xa0, 0x80), "invalid_value"],
  ["a code point above U+10FFFF", toast(0xf4, 0x90, 0x80, 0x80), "invalid_value"],
  ["a multi-byte character cut by the length", toast(0xe6, 0xbc), "invalid_value"],
  ["a duplicate u8 map key", frame(42, 0, 2, 1, be.u32(5), 1, be.u32(6), 0), "invalid_value"],
  ["a u8 map count above 8", frame(42, 0, 9), "invalid_value"],
];

describe("crafted frames produce the right ProtocolError", () => {
  it.each(clientCases)("client: %s", (_what, bytes, code) => {
    const err = expectProtocolError(() => clientProtocol.decode(bytes), code);
    expect(err.message.length, hex(bytes)).toBeGreaterThan(0);
  });

  it.each(serverCases)("server: %s", (_what, bytes, code) => {
    expectProtocolError(() => serverProtocol.decode(bytes), code);
  });

  it("every error code is covered", () => {
    const codes = new Set([...clientCases, ...serverCases].map(([, , code]) => code));
    expect([...codes].sort()).toEqual([
      "invalid_enum",
      "invalid_value",
      "length_overflow",
      "trailing_bytes",
      "truncated",
      "unknown_opcode",
    ]);
  });

  it("the crafted frames are one step from valid ones", () => {
    // Guards against cases that fail for an unintended reason (a wrong opcode, say).
    expect(clientProtocol.decode(frame(9, 7))).toEqual({ type: "petUnlock", data: { petType: 7 } });
    expect(clientProtocol.decode(frame(5, 1, be.f64(1), 1, 3)).data).toEqual({
      zone: 1,
      enemy: 1,
      magicType: 3,
    });
    expect(clientProtocol.decode(quest(-1.5)).type).toBe("completeQuest");
    expect(clientProtocol.decode(frame(10, 1, be.f64(2 ** 53 - 1))).data).toEqual({
      petType: 1,
      eggs: Number.MAX_SAFE_INTEGER,
    });
    expect(clientProtocol.decode(frame(22, 0, 1, be.f64(1))).data).toEqual({ ids: [1] });
    expect(clientProtocol.decode(frame(111, 0, 2, 0, 7, be.f64(1), 0, 8, be.f64(2))).data).toEqual({
      taxes: { 7: 1, 8: 2 },
    });
    expect(clientProtocol.decode(devices("a", "b")).data).toEqual({
      token: "tok",
      enabled: { a: true, b: true },
    });
    expect(clientProtocol.decode(frame(11, 1, be.str("漢".repeat(20)))).data).toEqual({
      petType: 1,
      name: "漢".repeat(20),
    });
    expect(serverProtocol.decode(toast(0xe6, 0xbc, 0xa2)).data).toEqual({ text: "漢" });
    expect(serverProtocol.decode(frame(42, 0, 2, 1, be.u32(5), 2, be.u32(6), 0)).data).toEqual({
      upgrades: { 1: 5, 2: 6 },
    });
  });
});

describe("frames that are views into a larger buffer", () => {
  const hi = [0, 0, 0, 2, 0x68, 0x69];

  function embed(bytes: number[], before: number, after: number[]): Uint8Array {
    const backing = new ArrayBuffer(before + bytes.length + after.length);
    const all = new Uint8Array(backing);
    all.fill(0xee, 0, before);
    all.set(bytes, before);
    all.set(after, before + bytes.length);
    return new Uint8Array(backing, before, bytes.length);
  }

  it("decodes a view at an offset, ignoring bytes outside it", () => {
    for (const before of [1, 3, 8, 13]) {
      const view = embed(hi, before, [0x21, 0x21, 0x21]);
      expect(view.byteOffset).toBe(before);
      expect(serverProtocol.decode(view)).toEqual({ type: "toast", data: { text: "hi" } });
    }
  });

  it("reads unaligned float64s inside a view", () => {
    const bytes = [...frame(10, 4, be.f64(123456789))];
    const view = embed(bytes, 5, [0xff]);
    expect(clientProtocol.decode(view).data).toEqual({ petType: 4, eggs: 123456789 });
  });

  it("does not read past the end of the view even when the backing buffer goes on", () => {
    // The missing bytes sit right after the view in the backing buffer.
    expectProtocolError(
      () => serverProtocol.decode(embed(hi.slice(0, 5), 4, [0x69])),
      "length_overflow",
    );
    expectProtocolError(
      () => serverProtocol.decode(embed(hi.slice(0, 3), 4, [2, 0x68])),
      "truncated",
    );
    expectProtocolError(() => clientProtocol.decode(embed([0, 9], 2, [7])), "truncated");
    expectProtocolError(() => clientProtocol.decode(embed([0], 2, [1])), "truncated");
    const egg = [...frame(10, 4, be.f64(1))];
    expectProtocolError(
      () => clientProtocol.decode(embed(egg.slice(0, 6), 1, egg.slice(6))),
      "truncated",
    );
  });

  it("decodes Node Buffers, which usually share a pooled ArrayBuffer", () => {
    const pooled = Buffer.from(hi);
    expect(serverProtocol.decode(pooled).data).toEqual({ text: "hi" });
    const backing = Buffer.from([9, 9, ...hi, 9]);
    const slice = backing.subarray(2, 2 + hi.length);
    expect(serverProtocol.decode(slice).data).toEqual({ text: "hi" });
    expectProtocolError(() => serverProtocol.decode(backing.subarray(2, 7)), "length_overflow");
  });
});
