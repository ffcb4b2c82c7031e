import { describe, expect, it } from "vitest";
import { COUNTS_PRESENCE_DELAY_MS } from "../../src/world/online-counts";
import { guestPlayer, type Player, seededPlayer } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { sleep, waitFor } from "../support/wait";

/** The counts a player was sent, Online figures in order. */
function onlineSeen(p: Player): number[] {
  return p.client.received.flatMap((m) => (m.type === "onlineCounts" ? [m.data.online] : []));
}

/**
 * Issue 31: the Online and Active counts a player sees from the first state on. Every fifth
 * tick sends the counts, figured when the tick starts; a tick spreads over its whole interval
 * (20 phases of 100 ms here), so a player can sign in while one runs.
 */
describe.each(testStores())("Online counts on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "2000" });

  it("a player who signs in while a tick sends the counts is counted in every figure sent", async () => {
    const { server } = suite;
    const phases = server.world.phases;
    expect(phases).toBe(20);
    // A battling watcher whose phase is in the tick's first half, alone in the world: the
    // counts a tick sends reach it with its action, at its phase's time.
    let watcher = await seededPlayer(server, "Watch");
    while (watcher.id % phases >= phases / 2) {
      watcher.client.close();
      watcher = await seededPlayer(server, "Watch");
    }
    await waitFor(() => server.sessions.onlinePlayers === 1, 5000, "the others gone");
    await sleep(COUNTS_PRESENCE_DELAY_MS + 200); // the presence broadcasts are over
    const since = watcher.client.received.length;
    expect(await watcher.client.next("onlineCounts", () => true, { since })).toMatchObject({
      online: 1,
    });

    // A new player signs in before that tick has ended (its last phase is 1.9 s in), and is
    // told the counts with the first state; nothing after may say the world has one player.
    const newcomer = await guestPlayer(server);
    await sleep(2500); // past the tick's end and its broadcast to those who did not act
    const seen = onlineSeen(newcomer);
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen).toEqual(seen.map(() => 2));
    // The watcher too is told the newcomer is online (the presence broadcast).
    expect(onlineSeen(watcher).at(-1)).toBe(2);
    watcher.client.close();
    newcomer.client.close();
  });
});
