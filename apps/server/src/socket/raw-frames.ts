import type { IncomingMessage } from "node:http";
import { clientProtocol } from "@manaspire/protocol";
import type { RawData, WebSocket } from "ws";

/**
 * Sends the close frame and drops the connection at once, without waiting for the peer's
 * answer: a refused socket gets no more of the server's time or memory.
 */
export function shut(ws: WebSocket, code: number, reason: string): void {
  ws.close(code, reason);
  ws.terminate();
}

/** The token of an `authenticate` frame; undefined for any other (or malformed) frame. */
export function tokenOf(data: RawData): string | undefined {
  try {
    const message = clientProtocol.decode(toBytes(data));
    return message.type === "authenticate" ? message.data.token : undefined;
  } catch {
    return undefined;
  }
}

export function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return data;
}

/**
 * The page's origin the browser sent with the upgrade (`https://play.example.com`), or "" when
 * missing or not an http(s) origin: where the premium checkout sends the browser back to when
 * PUBLIC_URL is unset.
 */
export function originOf(req: IncomingMessage): string {
  const origin = req.headers.origin;
  return typeof origin === "string" && /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(origin) ? origin : "";
}
