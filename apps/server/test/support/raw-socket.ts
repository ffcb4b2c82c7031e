import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";
import { clientProtocol } from "@manaspire/protocol";
import { hostPort } from "./raw-http";

/** WebSocket opcodes (RFC 6455 section 5.2); 3-7 and 11-15 are reserved. */
export const OP = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 } as const;

export interface FrameOptions {
  fin?: boolean;
  /** Client frames must be masked; an unmasked one is a protocol error. */
  mask?: boolean;
  /** The three reserved bits, 0-7. */
  rsv?: number;
}

/** One WebSocket frame as a client would put it on the wire. */
export function clientFrame(
  opcode: number,
  payload: Uint8Array,
  { fin = true, mask = true, rsv = 0 }: FrameOptions = {},
): Buffer {
  const len = payload.byteLength;
  const ext = len < 126 ? 0 : len < 0x10000 ? 2 : 8;
  const head = Buffer.alloc(2 + ext + (mask ? 4 : 0));
  head[0] = (fin ? 0x80 : 0) | ((rsv & 7) << 4) | (opcode & 0x0f);
  head[1] = (mask ? 0x80 : 0) | (ext === 0 ? len : ext === 2 ? 126 : 127);
  if (ext === 2) head.writeUInt16BE(len, 2);
  if (ext === 8) head.writeBigUInt64BE(BigInt(len), 2);
  const body = Buffer.from(payload);
  if (mask) {
    const key = randomBytes(4);
    key.copy(head, 2 + ext);
    for (let i = 0; i < body.length; i++) body[i] = (body[i] as number) ^ (key[i & 3] as number);
  }
  return Buffer.concat([head, body]);
}

/**
 * A WebSocket spoken by hand over TCP: it sends any bytes or frames, reads what the server
 * sends, and never answers a close frame (a client that ignores it, or a broken one).
 */
export class RawSocket {
  /** Server frames received, in order. */
  readonly frames: Array<{ opcode: number; payload: Buffer }> = [];
  /** When the TCP connection closed (Date.now()), if it has. */
  closedAt: number | undefined;
  private pending: Buffer = Buffer.alloc(0);

  private constructor(private readonly socket: Socket) {
    socket.on("data", (d) => this.parse(d));
    socket.on("error", () => {});
  }

  /**
   * Opens /ws, completes the handshake and sends `authenticate` with the token as its first
   * frame; rejects with the answer if the handshake is not 101.
   */
  static async open(
    url: string,
    token: string,
    headers: Record<string, string> = {},
  ): Promise<RawSocket> {
    const raw = await RawSocket.openBare(url, headers);
    await raw.send(clientProtocol.encode("authenticate", { token }));
    return raw;
  }

  /** Opens /ws and completes the handshake, sending nothing. */
  static openBare(url: string, headers: Record<string, string> = {}): Promise<RawSocket> {
    const { host, port } = hostPort(url);
    const socket = connect({ host, port });
    socket.on("error", () => {});
    const request = [
      "GET /ws HTTP/1.1",
      `Host: ${host}:${port}`,
      "Upgrade: websocket",
      "Connection: Upgrade",
      `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}`,
      "Sec-WebSocket-Version: 13",
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      "",
      "",
    ].join("\r\n");
    socket.write(request);
    return new Promise((resolve, reject) => {
      let head = Buffer.alloc(0);
      const onData = (d: Buffer) => {
        head = Buffer.concat([head, d]);
        const end = head.indexOf("\r\n\r\n");
        if (end === -1) return;
        socket.off("data", onData);
        socket.off("close", onClose);
        const answer = head.subarray(0, end).toString("latin1");
        if (!answer.startsWith("HTTP/1.1 101")) {
          socket.destroy();
          reject(new Error(`handshake refused: ${answer.split("\r\n")[0]}`));
          return;
        }
        const raw = new RawSocket(socket);
        socket.on("close", () => {
          raw.closedAt = Date.now();
        });
        raw.parse(head.subarray(end + 4));
        resolve(raw);
      };
      const onClose = () => reject(new Error("closed during the handshake"));
      socket.on("data", onData);
      socket.on("close", onClose);
    });
  }

  get closed(): boolean {
    return this.closedAt !== undefined;
  }

  /** Writes raw bytes; resolves when the kernel took them (false once the socket is closed). */
  write(bytes: Uint8Array): Promise<boolean> {
    if (this.socket.destroyed || !this.socket.writable) return Promise.resolve(false);
    return new Promise((resolve) => {
      if (this.socket.write(bytes)) resolve(true);
      else {
        const done = () => {
          this.socket.off("drain", done);
          this.socket.off("close", done);
          resolve(!this.socket.destroyed);
        };
        this.socket.on("drain", done);
        this.socket.on("close", done);
      }
    });
  }

  /** Sends one frame (binary, masked, final unless told otherwise). */
  send(payload: Uint8Array, opcode: number = OP.binary, options?: FrameOptions): Promise<boolean> {
    return this.write(clientFrame(opcode, payload, options));
  }

  /** The code and reason of the server's close frame, if one arrived. */
  closeFrame(): { code: number; reason: string } | undefined {
    const frame = this.frames.find((f) => f.opcode === OP.close);
    if (!frame) return undefined;
    return {
      code: frame.payload.length >= 2 ? frame.payload.readUInt16BE(0) : 1005,
      reason: frame.payload.subarray(2).toString("utf8"),
    };
  }

  /** Waits for the server to drop the TCP connection; rejects after `timeoutMs`. */
  async waitClosed(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error(`socket still open after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  private parse(data: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    for (;;) {
      const b = this.pending;
      if (b.length < 2) return;
      let len = (b[1] as number) & 0x7f;
      let at = 2;
      if (len === 126) {
        if (b.length < 4) return;
        len = b.readUInt16BE(2);
        at = 4;
      } else if (len === 127) {
        if (b.length < 10) return;
        len = Number(b.readBigUInt64BE(2));
        at = 10;
      }
      if (b.length < at + len) return;
      this.frames.push({ opcode: (b[0] as number) & 0x0f, payload: b.subarray(at, at + len) });
      this.pending = b.subarray(at + len);
    }
  }
}
