/**
 * One client process of `npm run load` (a process holds at most `ulimit -n` sockets, so the
 * generator spreads them over several). Driven over IPC by bench/load.ts:
 * - `{ open: { urls, tokens } }` opens one socket per token (game server: `/ws`, the token in `authenticate`,
 *   round robin over the urls, then `hydrate`) or, with `bare: n`, n sockets to the bare
 *   server; answers `{ opened }`.
 * - `{ start: true }` starts recording; `{ stop: true }` answers the window's figures.
 * Game frames: only battleTick (opcode 2, the first two bytes) is decoded, so the client's
 * own work does not hold later frames back and count as the server's delay. Bare frames
 * carry their scheduled time as a double at offset 0.
 */
import { clientProtocol, serverProtocol } from "@manaspire/protocol";
import WebSocket from "ws";

export interface OpenRequest {
  urls: string[];
  tokens: string[];
  /** Sockets to open to the bare server (urls[0]); tokens are then ignored. */
  bare?: number;
}

export interface ClientFigures {
  held: number;
  delays: number[];
  bytes: number;
  frames: number;
}

const BATTLE_TICK_OPCODE = 2;
const HYDRATE = clientProtocol.encode("hydrate", {});
const BATCH = 200;

const sockets: WebSocket[] = [];
const delays: number[] = [];
let bytes = 0;
let frames = 0;
let recording = false;

function onGameFrame(data: Buffer): void {
  if (!recording) return;
  const arrived = Date.now();
  bytes += data.byteLength;
  frames++;
  if (data[0] !== 0 || data[1] !== BATTLE_TICK_OPCODE) return;
  const m = serverProtocol.decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  if (m.type === "battleTick") delays.push(arrived - m.data.scheduledAt);
}

function onBareFrame(data: Buffer): void {
  if (!recording) return;
  bytes += data.byteLength;
  frames++;
  const at = data.readDoubleLE(0);
  if (at > 1e12) delays.push(Date.now() - at);
}

async function open(req: OpenRequest): Promise<void> {
  const targets =
    req.bare !== undefined
      ? Array.from({ length: req.bare }, () => req.urls[0] as string)
      : req.tokens.map(
          (_token, i) => `${(req.urls[i % req.urls.length] as string).replace("http", "ws")}/ws`,
        );
  const onFrame = req.bare !== undefined ? onBareFrame : onGameFrame;
  for (let i = 0; i < targets.length; i += BATCH) {
    await Promise.all(
      targets.slice(i, i + BATCH).map(
        (target, j) =>
          new Promise<void>((resolve) => {
            const ws = new WebSocket(target);
            ws.binaryType = "nodebuffer";
            ws.on("open", () => {
              if (req.bare === undefined) {
                // The token goes in the first message, never in the address.
                ws.send(clientProtocol.encode("authenticate", { token: req.tokens[i + j] ?? "" }));
                ws.send(HYDRATE);
              }
              resolve();
            });
            ws.on("message", (data: Buffer) => onFrame(data));
            ws.on("error", () => resolve());
            sockets.push(ws);
          }),
      ),
    );
  }
}

process.on("message", async (msg: { open?: OpenRequest; start?: true; stop?: true }) => {
  if (msg.open) {
    await open(msg.open);
    process.send?.({ opened: sockets.length });
  } else if (msg.start) {
    recording = true;
  } else if (msg.stop) {
    recording = false;
    const figures: ClientFigures = {
      held: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
      delays,
      bytes,
      frames,
    };
    process.send?.(figures);
  }
});
