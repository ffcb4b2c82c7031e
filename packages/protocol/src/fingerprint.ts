import type { AnyCodec } from "./codecs";
import type { Catalogue } from "./messages/define";

/** A codec's shape as plain data: everything that decides its bytes, nothing else. */
function shapeOf(codec: AnyCodec): unknown {
  const d = codec.desc;
  switch (d.kind) {
    case "optional":
      return ["optional", shapeOf(d.inner)];
    case "array":
      return ["array", d.maxItems, shapeOf(d.item)];
    case "map":
      return ["map", d.maxEntries, shapeOf(d.key), shapeOf(d.value)];
    case "record":
      return ["record", Object.entries(d.fields).map(([name, c]) => [name, shapeOf(c)])];
    default:
      return d;
  }
}

/** FNV-1a, 32 bits, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * A fingerprint of the wire format: every message's name, opcode and field shapes in both
 * directions. Any change to the bytes of a message changes it; test/build.test.ts holds the
 * fingerprint that goes with `CLIENT_BUILD`, so a format change without a build bump fails.
 */
export function protocolFingerprint(...catalogues: readonly Catalogue[]): string {
  const shape = catalogues.map((catalogue) =>
    Object.entries(catalogue).map(([name, def]) => [name, def.op, shapeOf(def.codec)]),
  );
  return fnv1a(JSON.stringify(shape));
}
