import { type AnyCodec, type CodecDesc, clientMessages } from "@manaspire/protocol";

/** Bytes of the opcode in front of every frame. */
const OPCODE_BYTES = 2;
/** A string's length prefix is a u16 of bytes, so no string is longer than this. */
const MAX_STRING_BYTES = 0xffff;
const INT_BYTES = { u8: 1, i8: 1, u16: 2, i16: 2, u32: 4, i32: 4 } as const;

/** The most bytes any value of the codec encodes to, read from its declared limits. */
export function maxEncodedBytes(codec: AnyCodec): number {
  return maxOf(codec.desc);
}

function maxOf(desc: CodecDesc): number {
  switch (desc.kind) {
    case "int":
      return INT_BYTES[desc.name];
    case "float":
      return desc.name === "f32" ? 4 : 8;
    case "uint53":
      return 8;
    case "bool":
    case "enum":
      return 1;
    case "string":
      // maxLength counts UTF-16 units; one unit is at most three UTF-8 bytes.
      return 2 + Math.min(desc.maxLength * 3, MAX_STRING_BYTES);
    case "optional":
      return 1 + maxOf(desc.inner.desc);
    case "array":
      return 2 + desc.maxItems * maxOf(desc.item.desc);
    case "map":
      return 2 + desc.maxEntries * (maxOf(desc.key.desc) + maxOf(desc.value.desc));
    case "record": {
      let sum = 0;
      for (const field of Object.values(desc.fields)) sum += maxOf(field.desc);
      return sum;
    }
  }
}

/** The largest frame a well-behaved client can send: its biggest message at every limit. */
export const MAX_CLIENT_FRAME_BYTES = Math.max(
  ...Object.values(clientMessages).map((def) => OPCODE_BYTES + maxEncodedBytes(def.codec)),
);
