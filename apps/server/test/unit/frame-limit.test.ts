import { type AnyCodec, type CodecDesc, clientMessages, clientProtocol } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { EARLY_BYTE_LIMIT } from "../../src/socket/early-frames";
import { MAX_CLIENT_FRAME_BYTES, maxEncodedBytes } from "../../src/socket/frame-limit";
import { MAX_FRAME_BYTES } from "../../src/socket/gateway-limits";

/** A character of three UTF-8 bytes and one UTF-16 unit: the widest per unit. */
const WIDE = "漢";

/** The value of a codec that encodes to the most bytes: every limit filled, wide characters. */
function largest(desc: CodecDesc, salt = 0): unknown {
  switch (desc.kind) {
    case "int":
      return desc.max - salt;
    case "float":
    case "uint53":
      return salt;
    case "bool":
      return true;
    case "enum":
      return desc.values[0];
    case "string":
      // Distinct strings (map keys must differ): the last character carries the salt.
      return WIDE.repeat(Math.max(0, desc.maxLength - 1)) + String.fromCharCode(0x4e00 + salt);
    case "optional":
      return largest(desc.inner.desc, salt);
    case "array":
      return Array.from({ length: desc.maxItems }, (_, i) => largest(desc.item.desc, i));
    case "map": {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < desc.maxEntries; i++) {
        out[String(largest(desc.key.desc, i))] = largest(desc.value.desc, i);
      }
      return out;
    }
    case "record": {
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(desc.fields)) out[name] = largest(field.desc);
      return out;
    }
  }
}

describe("the largest client frame", () => {
  const sizes = Object.entries(clientMessages).map(([name, def]) => {
    const frame = clientProtocol.encode(
      name as keyof typeof clientMessages,
      // biome-ignore lint/suspicious/noExplicitAny: a generated payload of the message's schema
      largest((def.codec as AnyCodec).desc) as any,
    );
    return { name, bytes: frame.byteLength, bound: 2 + maxEncodedBytes(def.codec) };
  });

  it("is what the socket accepts, and every message at its limits fits in it", () => {
    expect(MAX_FRAME_BYTES).toBe(MAX_CLIENT_FRAME_BYTES);
    for (const { name, bytes, bound } of sizes) {
      expect(bytes, name).toBeLessThanOrEqual(bound);
      expect(bytes, name).toBeLessThanOrEqual(MAX_CLIENT_FRAME_BYTES);
    }
  });

  it("is reached by the largest legal message (disenchanting 5,000 items)", () => {
    const biggest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    expect(biggest.name).toBe("disenchant");
    expect(biggest.bytes).toBe(MAX_CLIENT_FRAME_BYTES);
    // One such message may be sent before authentication finishes.
    expect(MAX_CLIENT_FRAME_BYTES).toBeLessThanOrEqual(EARLY_BYTE_LIMIT);
  });
});
