/**
 * One client process of `npm run load` (a process holds at most `ulimit -n` sockets, so the
 * generator spreads them over several). Driven over IPC by bench/load.ts:
 * - `{ open: { urls, tokens } }` opens one socket per token (game server: `/ws`, the token in `authenticate`,
 *   round robin over the urls, then `hydrate`) or, with `bare: n`, n sockets to the bare
 *   server; answers `{ opened }`.
 * - `{ start: true }` starts recording; `{ stop: true }` answers the window's figures.
 * - `{ failover: { dead, urls, killedAt } }`: the process at `dead` was killed. Each game socket
 *   it held reconnects to the next of `urls` (again 1 s after a 1013 refusal, as the web client
 *   backs off); `{ recovered: true }` answers `RecoveryFigures`.
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
  /** The game sockets' delays by server. */
  byUrl: Record<string, number[]>;
  bytes: number;
  frames: number;
  /** Game sockets closed by the server before any failover, by close code (1013: refused). */
  closes: Record<string, number>;
  /** Milliseconds from each game socket's opening to its first battle result. */
  firstResults: number[];
}

/** What the sockets of a killed process went through (`failover`), and the others meanwhile. */
export interface RecoveryFigures {
  /** Sockets the killed process held. */
  moved: number;
  /** Milliseconds from the kill to each moved socket's first battle result elsewhere. */
  back: number[];
  /**
   * Milliseconds from the kill to each moved socket's sign-in elsewhere (its first frame, the
   * `versionCheck` a server sends once it has loaded the player): what is left of `back` is
   * the wait for the player's turn in the tick.
   */
  signedIn: number[];
  /** Closes with 1013 ("Playing on another server") on the way, and reconnects in all. */
  refused: number;
  reconnects: number;
  /** The battle results' delays of the sockets that never moved, since the kill. */
  stayed: number[];
}

const BATTLE_TICK_OPCODE = 2;
const HYDRATE = clientProtocol.encode("hydrate", {});
const BATCH = 200;

const sockets: WebSocket[] = [];
/** Each game socket's token and server (for a failover). */
const placed = new Map<WebSocket, { token: string; url: string }>();
let failover: { dead: string; urls: string[]; killedAt: number; next: number } | undefined;
const recovery: RecoveryFigures = {
  moved: 0,
  back: [],
  signedIn: [],
  refused: 0,
  reconnects: 0,
  stayed: [],
};
const delays: number[] = [];
const byUrl: Record<string, number[]> = {};
let bytes = 0;
let frames = 0;
let recording = false;
const closes: Record<string, number> = {};
const firstResults: number[] = [];

function onGameFrame(
  data: Buffer,
  url: string,
  moved?: { back: boolean; signedIn?: boolean },
): void {
  if (!recording) return;
  const arrived = Date.now();
  if (moved && !moved.signedIn && failover) {
    moved.signedIn = true;
    recovery.signedIn.push(arrived - failover.killedAt);
  }
  bytes += data.byteLength;
  frames++;
  if (data[0] !== 0 || data[1] !== BATTLE_TICK_OPCODE) return;
  const m = serverProtocol.decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  if (m.type !== "battleTick") return;
  if (!failover) {
    delays.push(arrived - m.data.scheduledAt);
    const list = byUrl[url] ?? [];
    byUrl[url] = list;
    list.push(arrived - m.data.scheduledAt);
  } else if (!moved) recovery.stayed.push(arrived - m.data.scheduledAt);
  else if (!moved.back) {
    moved.back = true;
    recovery.back.push(arrived - failover.killedAt);
  }
}

/** A socket of the killed process: to the next live server, again after a refusal. */
function reconnect(token: string, moved: { back: boolean; signedIn?: boolean }): void {
  if (!failover) return;
  const f = failover;
  const url = f.urls[f.next++ % f.urls.length] as string;
  recovery.reconnects++;
  const ws = new WebSocket(`${url.replace("http", "ws")}/ws`);
  ws.binaryType = "nodebuffer";
  ws.on("open", () => {
    ws.send(clientProtocol.encode("authenticate", { token }));
    ws.send(HYDRATE);
  });
  ws.on("message", (data: Buffer) => onGameFrame(data, url, moved));
  ws.on("error", () => {});
  ws.on("close", (code) => {
    if (moved.back || failover !== f) return;
    if (code === 1013) recovery.refused++;
    setTimeout(() => reconnect(token, moved), code === 1013 ? 1000 : 100);
  });
  sockets.push(ws);
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
            const url = req.urls[(i + j) % req.urls.length] as string;
            const openedAt = Date.now();
            let first = true;
            ws.on("message", (data: Buffer) => {
              if (req.bare !== undefined) return onBareFrame(data);
              if (first && data[0] === 0 && data[1] === BATTLE_TICK_OPCODE) {
                first = false;
                firstResults.push(Date.now() - openedAt);
              }
              onGameFrame(data, url);
            });
            ws.on("error", () => resolve());
            if (req.bare === undefined) {
              const token = req.tokens[i + j] ?? "";
              placed.set(ws, { token, url });
              ws.on("close", (code) => {
                if (!failover) closes[code] = (closes[code] ?? 0) + 1;
                if (failover && url === failover.dead) reconnect(token, { back: false });
              });
            }
            sockets.push(ws);
          }),
      ),
    );
  }
}

interface Command {
  open?: OpenRequest;
  start?: true;
  stop?: true;
  failover?: { dead: string; urls: string[]; killedAt: number };
  recovered?: true;
}

process.on("message", async (msg: Command) => {
  if (msg.failover) {
    failover = { ...msg.failover, next: 0 };
    recording = true;
    for (const p of placed.values()) if (p.url === failover.dead) recovery.moved++;
    return;
  }
  if (msg.recovered) {
    process.send?.(recovery);
    return;
  }
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
      byUrl,
      bytes,
      frames,
      closes,
      firstResults,
    };
    process.send?.(figures);
  }
});
