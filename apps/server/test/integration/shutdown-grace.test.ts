import { afterEach, describe, expect, it } from "vitest";
import { freePort, ServerProcess } from "../support/child";
import { TestClient } from "../support/client";
import { RawSocket } from "../support/raw-socket";
import { savedPlayer } from "../support/saved";
import { guestToken } from "../support/server";
import { type TestStore, testStores } from "../support/stores";

describe.each(testStores())(
  "shutdown with a client that ignores the close frame on $kind",
  (factory) => {
    let store: TestStore | undefined;
    let proc: ServerProcess | undefined;

    afterEach(async () => {
      await proc?.killIfRunning();
      proc = undefined;
      await store?.dispose();
      store = undefined;
    });

    it("saves, cuts the silent socket after the grace and exits 0 within seconds", async () => {
      store = await factory.create();
      // A 60 s flush interval: only the shutdown flush can save the last actions.
      const env = { ...store.env, TICK_MS: "100", FLUSH_MS: "60000", LOG_LEVEL: "warn" };
      proc = await ServerProcess.start(env, await freePort());
      const token = await guestToken(proc);
      const honest = await TestClient.connect(proc.url, token);
      honest.send("hydrate", {});
      const { player } = await honest.next("playerState");
      await honest.next(
        "playerUpdate",
        (m) => (m.patch.actions ?? player.actions) < player.actions,
      );
      const silent = await RawSocket.open(proc.url, token);

      const signalled = Date.now();
      proc.kill("SIGTERM");
      expect(await proc.exit).toEqual({ code: 0, signal: null });
      const took = Date.now() - signalled;
      // The close grace (2 s) and the saving; it used to wait for ws's 30 s close timer.
      expect(took).toBeLessThan(6000);
      expect(await honest.closedWith()).toEqual({ code: 1012, reason: "Server restarting" });
      expect(silent.closeFrame()).toEqual({ code: 1012, reason: "Server restarting" });
      expect(silent.closed).toBe(true);
      expect((await savedPlayer(store, player.id)).actions).toBe(lastActions(honest));
    });
  },
);

function lastActions(client: TestClient): number {
  for (let i = client.received.length - 1; i >= 0; i--) {
    const m = client.received[i];
    if (m?.type === "playerUpdate" && m.data.patch.actions !== undefined) {
      return m.data.patch.actions;
    }
  }
  throw new Error("no actions seen");
}
