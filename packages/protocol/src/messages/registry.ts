import { Reader, Writer } from "../buffer";
import { ProtocolError } from "../errors";
import type { Catalogue, MessageDef, MessageOf, PayloadOf } from "./define";

/** Encoder and decoder for one direction of the socket, built from its catalogue. */
export interface Direction<C extends Catalogue> {
  readonly catalogue: C;
  encode<K extends keyof C & string>(type: K, data: PayloadOf<C, K>): Uint8Array<ArrayBuffer>;
  decode(frame: Uint8Array): MessageOf<C>;
  /** The message name for an opcode, if known. */
  nameOf(op: number): (keyof C & string) | undefined;
}

export function direction<const C extends Catalogue>(label: string, catalogue: C): Direction<C> {
  // biome-ignore lint/suspicious/noExplicitAny: erased per-opcode table
  const byOp = new Map<number, { name: keyof C & string; def: MessageDef<any> }>();
  for (const [name, def] of Object.entries(catalogue)) {
    if (!Number.isInteger(def.op) || def.op < 0 || def.op > 0xffff) {
      throw new Error(`${label}.${name}: opcode ${def.op} is not a u16`);
    }
    const clash = byOp.get(def.op);
    if (clash) throw new Error(`${label}: opcode ${def.op} used by ${clash.name} and ${name}`);
    byOp.set(def.op, { name, def });
  }
  const writer = new Writer(4096);

  return {
    catalogue,
    encode(type, data) {
      // Own keys only: "toString" and friends are not messages.
      const def = Object.hasOwn(catalogue, type) ? catalogue[type] : undefined;
      if (!def) throw new ProtocolError("unknown_opcode", `${label}: no message named ${type}`);
      writer.reset();
      writer.u16(def.op);
      def.codec.encode(writer, data);
      return writer.finish();
    },
    decode(frame) {
      const reader = new Reader(frame);
      const op = reader.u16();
      const entry = byOp.get(op);
      if (!entry) throw new ProtocolError("unknown_opcode", `${label}: unknown opcode ${op}`);
      const data = entry.def.codec.decode(reader);
      if (reader.remaining !== 0) {
        throw new ProtocolError(
          "trailing_bytes",
          `${label}.${entry.name}: ${reader.remaining} bytes after the message`,
        );
      }
      return { type: entry.name, data } as MessageOf<C>;
    },
    nameOf(op) {
      return byOp.get(op)?.name;
    },
  };
}
