import { clientMessages } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { generate, mulberry32 } from "../../../../packages/protocol/test/generate";
import { CONTROL_CHARACTER_REFUSAL } from "../../src/socket/control-chars";
import { guestPlayer, mark, type Player } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const NAMES = Object.keys(clientMessages) as Array<keyof typeof clientMessages>;
const BAD = ["\u0000", "\u0001", "\u001b", "\u007f", "\u0085"];
/** Sockets (one guest each) the every-message case is spread over. */
const SOCKETS = 6;

/** Copies of `value`, each with one of its strings holding `bad` (every string, at any depth). */
function withBadString(value: unknown, bad: string): unknown[] {
  if (typeof value === "string") return [`${bad}${value.slice(1)}`];
  if (value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) =>
      withBadString(item, bad).map((v) => value.map((x, j) => (j === i ? v : x))),
    );
  }
  return Object.entries(value).flatMap(([key, item]) =>
    withBadString(item, bad).map((v) => ({ ...value, [key]: v })),
  );
}

/** Sends one message and waits until the server has surely read it (its pong follows). */
async function answersTo(p: Player, type: string, data: unknown): Promise<string[]> {
  const since = mark(p);
  p.client.send(type as never, data as never);
  p.client.send("heartbeat", {});
  await p.client.next("pong", () => true, { since });
  return p.client.received.slice(since).flatMap((m) => (m.type === "toast" ? [m.data.text] : []));
}

/**
 * Issue 25: control characters in any string field of any message are refused at the socket,
 * with a clear message, before any handler (a NUL in a device token reached PostgreSQL and
 * answered "Something went wrong").
 */
describe.each(testStores())("control characters in messages on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  it("refuses a NUL in a device token with a clear message", async () => {
    const p = await guestPlayer(suite.server);
    expect(await answersTo(p, "removeDeviceByToken", { token: "ab\u0000cd" })).toContain(
      CONTROL_CHARACTER_REFUSAL,
    );
    p.client.close();
  });

  it("refuses a control character in every string field of every message", async () => {
    const rng = mulberry32(25);
    const cases: Array<[string, unknown]> = [];
    for (const name of NAMES) {
      if (name === "authenticate" || name === "heartbeat") continue;
      for (let sample = 0; sample < 3; sample++) {
        const valid = generate(clientMessages[name].codec, rng, { maxString: 6, maxItems: 2 });
        const bad = BAD[sample % BAD.length] as string;
        for (const data of withBadString(valid, bad).slice(0, 4)) cases.push([name, data]);
      }
    }
    expect(cases.length).toBeGreaterThan(30);
    // Several players share the cases, each on its own socket, so each stays well under the
    // per-socket message rate (8 cases, 16 messages, then a second's pause) without the whole
    // list waiting on one socket's pauses.
    const players = await Promise.all(
      Array.from({ length: SOCKETS }, () => guestPlayer(suite.server)),
    );
    await Promise.all(
      players.map(async (p, i) => {
        let sent = 0;
        for (const [name, data] of cases.filter((_, j) => j % SOCKETS === i)) {
          const toasts = await answersTo(p, name, data);
          expect(toasts, `${name} ${JSON.stringify(data)}`).toContain(CONTROL_CHARACTER_REFUSAL);
          if (++sent % 8 === 0) await new Promise((r) => setTimeout(r, 1000));
        }
        p.client.close();
      }),
    );
  }, 240_000);
});
