import { type AnyCodec, type Codec, type RecordOf, t } from "../codecs";

type Fields = Readonly<Record<string, AnyCodec>>;

/** One socket message: its opcode and its payload codec. */
export interface MessageDef<T> {
  readonly op: number;
  readonly codec: Codec<T>;
}

/** Declares a message from its opcode and field schema; the payload type is inferred. */
export function msg<const F extends Fields>(op: number, fields: F): MessageDef<RecordOf<F>> {
  return { op, codec: t.record(fields) };
}

// biome-ignore lint/suspicious/noExplicitAny: erased message catalogue
export type Catalogue = Readonly<Record<string, MessageDef<any>>>;

/** The payload type of each message in a catalogue. */
export type PayloadOf<C extends Catalogue, K extends keyof C> =
  C[K] extends MessageDef<infer T> ? T : never;

/** A decoded message: its name and payload, discriminated by `type`. */
export type MessageOf<C extends Catalogue> = {
  [K in keyof C & string]: { type: K; data: PayloadOf<C, K> };
}[keyof C & string];
