import { ProtocolError } from "./errors";

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder("utf-8", { fatal: true });

/** Largest byte length a 16-bit length prefix can describe. */
export const MAX_U16 = 0xffff;

/** Growable big-endian byte writer. One instance is reused for every frame. */
export class Writer {
  private bytes: Uint8Array<ArrayBuffer>;
  private view: DataView;
  offset = 0;

  constructor(initialSize = 1024) {
    this.bytes = new Uint8Array(initialSize);
    this.view = new DataView(this.bytes.buffer);
  }

  reset(): void {
    this.offset = 0;
  }

  /** A copy of what was written since the last reset (its own buffer, as `WebSocket.send` takes). */
  finish(): Uint8Array<ArrayBuffer> {
    return this.bytes.slice(0, this.offset);
  }

  private ensure(extra: number): void {
    const needed = this.offset + extra;
    if (needed <= this.bytes.length) return;
    // At least 64 so a writer created with size 0 still grows (0 * 2 stays 0).
    let size = Math.max(this.bytes.length * 2, 64);
    while (size < needed) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.offset));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): void {
    this.ensure(1);
    this.view.setUint8(this.offset, v);
    this.offset += 1;
  }

  u16(v: number): void {
    this.ensure(2);
    this.view.setUint16(this.offset, v);
    this.offset += 2;
  }

  u32(v: number): void {
    this.ensure(4);
    this.view.setUint32(this.offset, v);
    this.offset += 4;
  }

  i8(v: number): void {
    this.ensure(1);
    this.view.setInt8(this.offset, v);
    this.offset += 1;
  }

  i16(v: number): void {
    this.ensure(2);
    this.view.setInt16(this.offset, v);
    this.offset += 2;
  }

  i32(v: number): void {
    this.ensure(4);
    this.view.setInt32(this.offset, v);
    this.offset += 4;
  }

  f32(v: number): void {
    this.ensure(4);
    this.view.setFloat32(this.offset, v);
    this.offset += 4;
  }

  f64(v: number): void {
    this.ensure(8);
    this.view.setFloat64(this.offset, v);
    this.offset += 8;
  }

  /** UTF-8 with a 16-bit byte-length prefix. */
  string(v: string): void {
    // Worst case three bytes per UTF-16 unit.
    this.ensure(2 + v.length * 3);
    const start = this.offset + 2;
    const { written } = utf8Encoder.encodeInto(v, this.bytes.subarray(start));
    if (written > MAX_U16) {
      throw new ProtocolError("invalid_value", `string of ${written} bytes exceeds ${MAX_U16}`);
    }
    this.view.setUint16(this.offset, written);
    this.offset = start + written;
  }
}

/** Bounds-checked big-endian reader: every read past the end raises ProtocolError. */
export class Reader {
  private readonly view: DataView;
  private readonly bytes: Uint8Array;
  offset = 0;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.bytes.byteLength - this.offset;
  }

  private need(n: number, what: string): number {
    const at = this.offset;
    if (at + n > this.bytes.byteLength) {
      throw new ProtocolError("truncated", `frame ends inside ${what} at byte ${at}`);
    }
    this.offset = at + n;
    return at;
  }

  u8(): number {
    return this.view.getUint8(this.need(1, "u8"));
  }

  u16(): number {
    return this.view.getUint16(this.need(2, "u16"));
  }

  u32(): number {
    return this.view.getUint32(this.need(4, "u32"));
  }

  i8(): number {
    return this.view.getInt8(this.need(1, "i8"));
  }

  i16(): number {
    return this.view.getInt16(this.need(2, "i16"));
  }

  i32(): number {
    return this.view.getInt32(this.need(4, "i32"));
  }

  f32(): number {
    return this.view.getFloat32(this.need(4, "f32"));
  }

  f64(): number {
    return this.view.getFloat64(this.need(8, "f64"));
  }

  string(): string {
    const length = this.u16();
    if (length > this.remaining) {
      throw new ProtocolError(
        "length_overflow",
        `string length ${length} runs past the end of the frame (${this.remaining} bytes left)`,
      );
    }
    const at = this.need(length, "string");
    try {
      return utf8Decoder.decode(this.bytes.subarray(at, at + length));
    } catch {
      throw new ProtocolError("invalid_value", `string at byte ${at} is not valid UTF-8`);
    }
  }
}
