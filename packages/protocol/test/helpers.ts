import { expect } from "vitest";
import { ProtocolError, type ProtocolErrorCode } from "../src/index";

/** Runs `fn` and asserts it throws a ProtocolError with `code`; returns the error. */
export function expectProtocolError(fn: () => unknown, code: ProtocolErrorCode): ProtocolError {
  let thrown: unknown;
  try {
    fn();
  } catch (err) {
    thrown = err;
  }
  expect(thrown, "expected a ProtocolError to be thrown").toBeInstanceOf(ProtocolError);
  expect((thrown as ProtocolError).code).toBe(code);
  return thrown as ProtocolError;
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Big-endian builders for hand-made frames. */
export const be = {
  u16: (v: number) => [(v >> 8) & 0xff, v & 0xff],
  u32: (v: number) => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, v);
    return [...b];
  },
  f64: (v: number) => {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setFloat64(0, v);
    return [...b];
  },
  str: (s: string) => {
    const utf8 = new TextEncoder().encode(s);
    return [...be.u16(utf8.length), ...utf8];
  },
};

/** A frame: the opcode, then raw bytes. */
export function frame(op: number, ...body: (number | number[])[]): Uint8Array {
  return Uint8Array.from([...be.u16(op), ...body.flat()]);
}
