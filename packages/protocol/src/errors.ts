/** Why a frame could not be decoded or a value could not be encoded. */
export type ProtocolErrorCode =
  | "truncated"
  | "unknown_opcode"
  | "length_overflow"
  | "trailing_bytes"
  | "invalid_enum"
  | "invalid_value";

/**
 * The one error the codec raises. Decoding a hostile frame never throws anything else
 * and never reads past the end of the buffer.
 */
export class ProtocolError extends Error {
  readonly code: ProtocolErrorCode;

  constructor(code: ProtocolErrorCode, message: string) {
    super(message);
    this.name = "ProtocolError";
    this.code = code;
  }
}
