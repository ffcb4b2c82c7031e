import { describe, expect, it } from "vitest";
import { CLIENT_BUILD, clientMessages, protocolFingerprint, serverMessages, t } from "../src/index";
import { msg } from "../src/messages/define";

/**
 * The wire format each build goes with. When a declaration changes the bytes of a message, the
 * fingerprint changes: bump CLIENT_BUILD (so open tabs of the old client reload instead of
 * failing to decode) and record the new pair here.
 */
const RECORDED = { build: 93, fingerprint: "f12f90de" };

describe("CLIENT_BUILD", () => {
  it("goes with the wire format it was recorded with (bump it when the format changes)", () => {
    expect({
      build: CLIENT_BUILD,
      fingerprint: protocolFingerprint(clientMessages, serverMessages),
    }).toEqual(RECORDED);
  });
});

describe("protocolFingerprint", () => {
  const base = { ping: msg(1, { at: t.u32, name: t.string(20) }) };
  const same = protocolFingerprint(base);

  it("is stable for the same declarations", () => {
    expect(protocolFingerprint({ ping: msg(1, { at: t.u32, name: t.string(20) }) })).toBe(same);
    expect(same).toMatch(/^[0-9a-f]{8}$/);
  });

  it("changes with a field's type, maximum, name, order, or the opcode", () => {
    const variants = [
      { ping: msg(1, { at: t.u16, name: t.string(20) }) },
      { ping: msg(1, { at: t.u32, name: t.string(21) }) },
      { ping: msg(1, { when: t.u32, name: t.string(20) }) },
      { ping: msg(1, { name: t.string(20), at: t.u32 }) },
      { ping: msg(2, { at: t.u32, name: t.string(20) }) },
      { ping: msg(1, { at: t.u32, name: t.string(20), extra: t.bool }) },
      { ping: msg(1, { at: t.u32, name: t.optional(t.string(20)) }) },
    ];
    const prints = variants.map((v) => protocolFingerprint(v));
    expect(new Set([same, ...prints]).size).toBe(variants.length + 1);
  });
});
