import { clientMessages, clientProtocol, type ServerMessage } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import {
  generate,
  intIn,
  mulberry32,
  pick,
  type Rng,
} from "../../../../packages/protocol/test/generate";
import { MAX_CLIENT_FRAME_BYTES } from "../../src/socket/frame-limit";
import { guestPlayer, type Player } from "../support/players";
import { healthy, rawExchange } from "../support/raw-http";
import { clientFrame, OP, RawSocket } from "../support/raw-socket";
import { guestToken } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const ATTACK_MS = 8000;
const SOCKET_WORKERS = 16;
const HTTP_WORKERS = 3;
/** Generous: the attack must not grow the process (server and attackers together) by more. */
const RSS_BOUND = 200 * 1024 * 1024;
const NAMES = Object.keys(clientMessages) as Array<keyof typeof clientMessages>;

/** A frame a broken or hostile client might send; `bytes` are raw TCP bytes when `raw`. */
function randomFrame(rng: Rng): Buffer {
  const r = rng();
  const name = pick(rng, NAMES);
  const valid = () =>
    clientProtocol.encode(name, generate(clientMessages[name].codec, rng) as never);
  const noise = (n: number) => Buffer.from(Array.from({ length: n }, () => intIn(rng, 0, 255)));
  if (r < 0.25) return clientFrame(OP.binary, valid());
  if (r < 0.4) {
    const bytes = valid();
    return clientFrame(OP.binary, bytes.subarray(0, intIn(rng, 0, Math.max(0, bytes.length - 1))));
  }
  if (r < 0.5) {
    // An opcode no message has, then noise.
    const op = Buffer.alloc(2);
    op.writeUInt16BE(intIn(rng, 200, 0xffff));
    return clientFrame(OP.binary, Buffer.concat([op, noise(intIn(rng, 0, 64))]));
  }
  if (r < 0.58) return clientFrame(OP.binary, noise(intIn(rng, 0, 2048)));
  if (r < 0.63) return clientFrame(OP.binary, noise(MAX_CLIENT_FRAME_BYTES + intIn(rng, 1, 4096)));
  if (r < 0.7) return clientFrame(OP.text, noise(intIn(rng, 0, 256)));
  if (r < 0.74) return clientFrame(OP.text, Buffer.from("héllo".repeat(intIn(rng, 1, 50))));
  if (r < 0.8) return clientFrame(pick(rng, [3, 4, 5, 6, 7, 11, 12, 13, 14, 15]), noise(8));
  if (r < 0.84) return clientFrame(OP.ping, noise(intIn(rng, 0, 200)));
  if (r < 0.87) return clientFrame(OP.binary, valid(), { fin: false });
  if (r < 0.9) return clientFrame(OP.continuation, noise(intIn(rng, 0, 64)));
  if (r < 0.93) return clientFrame(OP.binary, valid(), { mask: false });
  if (r < 0.95) return clientFrame(OP.binary, valid(), { rsv: intIn(rng, 1, 7) });
  if (r < 0.97) {
    // A header announcing a huge payload that never comes.
    const head = Buffer.from([0x82, 0xff, 0, 0, 0, 1, 0, 0, 0, 0, 1, 2, 3, 4]);
    return Buffer.concat([head, noise(intIn(rng, 0, 100))]);
  }
  if (r < 0.98) return clientFrame(OP.close, noise(intIn(rng, 0, 20)));
  return noise(intIn(rng, 1, 300));
}

const PATHS = ["/ws", "//", "/", "%", "http://x", "/ws?token=%", "*", "/ws/../ws", "/%00", ""];
const HEADERS = [
  "Upgrade: websocket",
  "Connection: Upgrade",
  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
  "Sec-WebSocket-Version: 13",
  "Sec-WebSocket-Version: 99",
  "Sec-WebSocket-Protocol: a,,b",
  "Sec-WebSocket-Extensions: permessage-deflate; x=;;",
  "Content-Length: 5",
  "Transfer-Encoding: chunked",
  "X-Forwarded-For: ,,,",
  "Host: localhost",
];

/** A malformed or random HTTP request, mostly upgrade requests. */
function randomRequest(rng: Rng): string {
  const method = pick(rng, ["GET", "GET", "GET", "POST", "PUT", "G\x00T", "CONNECT"]);
  let path = pick(rng, PATHS);
  if (rng() < 0.3) path += String.fromCharCode(intIn(rng, 0, 255)).repeat(intIn(rng, 1, 5));
  if (rng() < 0.05) path += "a".repeat(intIn(rng, 1000, 20_000));
  const version = pick(rng, ["HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/1.1 x", ""]);
  const headers = Array.from({ length: intIn(rng, 0, 8) }, () => pick(rng, HEADERS));
  if (rng() < 0.2) headers.push(`X-${"y".repeat(intIn(rng, 1, 30))}: \x01\x7f${rng()}`);
  const line = `${method} ${path} ${version}`;
  return [line, ...headers, "", rng() < 0.2 ? "body" : ""].join("\r\n");
}

describe.each(testStores())("socket fuzzing on $kind", (factory) => {
  // Enough sockets per address that the attack reaches the gateway instead of HTTP 429.
  const suite = serverSuite(factory, { MAX_SOCKETS_PER_IP: "1000" });

  it(`stays up, bounded and ticking under random frames and requests (seed ${SEED})`, async () => {
    const honest: Player = await guestPlayer(suite.server);
    const tokens = await Promise.all(Array.from({ length: 6 }, () => guestToken(suite.server)));
    global.gc?.();
    // What the server's JavaScript holds (heap plus buffers), and the resident size beside it.
    // The bound is on the first: resident memory also counts the embedded database's thread
    // and WebAssembly code the engine compiles while the attack runs (Node 24 tiers PGlite's
    // code up here: +423 MiB resident once, with the heap flat), which no attacker holds.
    const held = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    const heldBefore = held();
    let peakHeld = heldBefore;
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const deadline = Date.now() + ATTACK_MS;
    const stats = { sockets: 0, refused: 0, frames: 0, bytes: 0, requests: 0 };

    async function socketWorker(seed: number): Promise<void> {
      const rng = mulberry32(seed);
      while (Date.now() < deadline) {
        const token = rng() < 0.3 ? pick(rng, ["", "garbage", "a.b.c", "%"]) : pick(rng, tokens);
        let raw: RawSocket;
        try {
          raw = await RawSocket.open(suite.server.url, token);
        } catch {
          stats.refused++;
          continue;
        }
        stats.sockets++;
        // Half wait to be let in first (versionCheck), the others start at once.
        if (rng() < 0.5) await new Promise((r) => setTimeout(r, intIn(rng, 0, 150)));
        const count = intIn(rng, 1, 60);
        for (let i = 0; i < count && !raw.closed && Date.now() < deadline; i++) {
          const frame = randomFrame(rng);
          if (!(await raw.write(frame))) break;
          stats.frames++;
          stats.bytes += frame.length;
          if (rng() < 0.2) await new Promise((r) => setTimeout(r, intIn(rng, 0, 20)));
        }
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        peakHeld = Math.max(peakHeld, held());
        raw.destroy();
      }
    }

    async function httpWorker(seed: number): Promise<void> {
      const rng = mulberry32(seed);
      while (Date.now() < deadline) {
        await rawExchange(suite.server.url, randomRequest(rng), 300);
        stats.requests++;
      }
    }

    const ticksBefore = honest.client.received.length;
    const attack = Promise.all([
      ...Array.from({ length: SOCKET_WORKERS }, (_, i) => socketWorker(SEED + i)),
      ...Array.from({ length: HTTP_WORKERS }, (_, i) => httpWorker(SEED + 1000 + i)),
    ]);
    // While the attack runs, the server answers health checks and the honest player ticks.
    const gaps: number[] = [];
    let lastTick = Date.now();
    let seen = ticksBefore;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const fresh = honest.client.received.slice(seen).filter(isTick);
      seen = honest.client.received.length;
      if (fresh.length > 0) {
        gaps.push(Date.now() - lastTick);
        lastTick = Date.now();
      }
    }
    gaps.push(Date.now() - lastTick);
    expect(await healthy(suite.server)).toBe(true);
    await attack;

    const ticks = honest.client.received.slice(ticksBefore).filter(isTick).length;
    const growth = peakHeld - heldBefore;
    console.info(
      `fuzz ${factory.kind}: ${JSON.stringify(stats)}; ${ticks} honest ticks, longest gap ` +
        `${Math.max(...gaps)} ms; heap and buffers +${Math.round(growth / 2 ** 20)} MiB at peak ` +
        `(rss +${Math.round((peakRss - rssBefore) / 2 ** 20)} MiB, ${process.version})`,
    );
    expect(stats.sockets).toBeGreaterThan(50);
    expect(stats.requests).toBeGreaterThan(20);
    expect(growth).toBeLessThan(RSS_BOUND);
    // TICK_MS is 100: a second without a tick means the attack starved the world.
    expect(Math.max(...gaps)).toBeLessThan(2000);
    expect(ticks).toBeGreaterThan(ATTACK_MS / 100 / 4);
    expect(await healthy(suite.server)).toBe(true);
    honest.client.send("heartbeat", {});
    await honest.client.next("pong", () => true, { since: seen });
    honest.client.close();
  });
});

function isTick(m: ServerMessage): boolean {
  return m.type === "battleTick" || m.type === "playerUpdate";
}
