import { ActionType, LootId } from "@manaspire/game";
import type { AwaySummary } from "@manaspire/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { GameServer } from "../../src/server";
import type { AwaySnapshot } from "../../src/services/away-mark";
import { connect, namedPlayer, type Player, setLoot } from "../support/players";
import { startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";
import { sleep, waitFor } from "../support/wait";

/** "While you were away" after a fast-tick absence (AWAY_SUMMARY_MS shortened to 3 s). */
const AWAY_MS = 3000;

/** Waits until the player has been away for longer than AWAY_MS. */
async function awayLongEnough(since: number): Promise<void> {
  await sleep(Math.max(0, since + AWAY_MS + 100 - Date.now()));
}

describe.each(testStores())("while you were away on $kind", (factory) => {
  let store: TestStore | undefined;
  let servers: GameServer[] = [];

  afterEach(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    servers = [];
    await store?.dispose();
    store = undefined;
  });

  const start = async () => {
    const server = await startTestServer(store!, { AWAY_SUMMARY_MS: String(AWAY_MS) });
    servers.push(server);
    return server;
  };

  /**
   * Connects again and returns the summary sent after hydrate, if any. A connection's messages
   * are handled in order, so once a later request is answered, hydrate has said all it says.
   */
  async function rejoin(server: GameServer, p: Player): Promise<AwaySummary | undefined> {
    const again = await connect(server, p.token);
    again.client.send("activityLogPlayer", { filter: 0, cursor: "", search: "" });
    await again.client.next("activityLog");
    again.client.ws.close();
    const message = again.client.received.find((m) => m.type === "awaySummary");
    return message?.type === "awaySummary" ? message.data.summary : undefined;
  }

  it("tells what the mage did, what was found, traded, sent and whispered, once", async () => {
    store = await factory.create();
    const server = await start();
    const mage = await namedPlayer(server, "Away");
    const friend = await namedPlayer(server, "Friend");
    setLoot(friend.loaded, LootId.ManaDust, 1000);
    expect(mage.loaded.actionType).toBe(ActionType.Battle);

    mage.client.ws.close();
    await waitFor(() => !server.sessions.has(mage.id));
    const before = { ...mage.loaded.away } as AwaySnapshot;
    expect(before.since).toBeGreaterThan(0);
    // The dust when the socket closed (a tick may have paid more before this line ran).
    const dustBefore = before.loot[LootId.ManaDust] ?? 0;

    friend.client.send("chat", { text: `/w ${mage.name} come back soon` });
    friend.client.send("transferLoot", { lootId: LootId.ManaDust, quantity: 250, to: mage.name });
    await friend.client.next("toast", (t) => t.text.includes("Sent"));
    await awayLongEnough(before.since); // dozens of ticks of battle while away

    const spent = mage.loaded.actionCounter - before.actionCounter;
    expect(spent).toBeGreaterThan(3);
    const summary = await rejoin(server, mage);
    expect(summary).toBeDefined();
    const s = summary as AwaySummary;
    expect(s.since).toBe(before.since);
    expect(s.until).toBeGreaterThan(s.since);
    // The counters as the server saw them (the mage acts on meanwhile, so at least).
    expect(s.actions).toBeGreaterThanOrEqual(spent);
    expect(s.battlesWon + s.battlesLost).toBe(s.actions);
    const battle = s.skills.find((k) => k.skill === ActionType.Battle);
    expect(battle?.experience).toBeGreaterThan(0);
    expect(battle?.levelAfter).toBeGreaterThanOrEqual(battle?.levelBefore ?? 0);
    expect(s.skills.every((k) => k.skill === ActionType.Battle)).toBe(true);
    // Dust: what the battles paid plus the 250 received (the mage has fought on since).
    const dust = s.loot[LootId.ManaDust] ?? 0;
    expect(dust).toBeGreaterThan(250);
    expect(dust).toBeLessThanOrEqual((mage.loaded.loot[LootId.ManaDust] ?? 0) - dustBefore);
    expect(s.events.map((e) => e.text)).toContain(`Received 250 Mana Dust from ${friend.name}.`);
    expect(s.eventsTotal).toBe(1);
    expect(s.whispers.map((e) => e.text)).toEqual([`Whisper from ${friend.name}: come back soon`]);
    expect(s.whispersTotal).toBe(1);
    expect(s.itemsFound).toBe(s.items.length <= 10 ? s.itemsFound : 10);

    // Told once: an immediate reconnection gets nothing.
    expect(await rejoin(server, mage)).toBeUndefined();
  });

  it("keeps the absence across a restart and says nothing after a short one", async () => {
    store = await factory.create();
    let server = await start();
    const mage = await namedPlayer(server, "Keep");
    mage.client.ws.close();
    await waitFor(() => !server.sessions.has(mage.id));
    await sleep(300); // saved by a flush, then the process stops
    await server.stop();
    servers = [];
    server = await start();
    const since = server.store.loaded.get(mage.id)?.away?.since ?? 0;
    expect(since).toBeGreaterThan(0);
    await awayLongEnough(since);
    const summary = await rejoin(server, mage);
    expect(summary?.actions).toBeGreaterThan(0);

    // A short absence (under AWAY_SUMMARY_MS) has no summary, and clears the mark.
    const fresh = await namedPlayer(server, "Short");
    fresh.client.ws.close();
    await waitFor(() => !server.sessions.has(fresh.id));
    expect(await rejoin(server, fresh)).toBeUndefined();
    expect(fresh.loaded.away?.since).toBe(0);
  }, 180_000); // two server starts on a busy machine
});
