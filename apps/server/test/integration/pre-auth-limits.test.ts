import { clientProtocol, serverProtocol } from "@manaspire/protocol";
import { describe, expect, it, vi } from "vitest";
import type { GameServer } from "../../src/server";
import { EARLY_FRAME_LIMIT } from "../../src/socket/early-frames";
import { MAX_CLIENT_FRAME_BYTES } from "../../src/socket/frame-limit";
import { TestClient } from "../support/client";
import { healthy } from "../support/raw-http";
import { OP, RawSocket } from "../support/raw-socket";
import { guestToken } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const heartbeat = clientProtocol.encode("heartbeat", {});

/** Holds every player load (and so every socket's authentication) until `release()`. */
function holdPlayerLoads(server: GameServer) {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const get = server.store.get.bind(server.store);
  const spy = vi.spyOn(server.store, "get").mockImplementation(async (id) => {
    await gate;
    return get(id);
  });
  return {
    release() {
      release();
      spy.mockRestore();
    },
  };
}

describe.each(testStores())(
  "what a socket may send before and beyond its limits on $kind",
  (factory) => {
    const suite = serverSuite(factory);

    it("drops a socket with a bad token at once, though it never answers the close frame", async () => {
      const raw = await RawSocket.open(suite.server.url, "garbage");
      const opened = Date.now();
      await raw.waitClosed(1500);
      expect(raw.closeFrame()).toEqual({ code: 4001, reason: "Invalid token" });
      expect(raw.closedAt ?? 0).toBeLessThan(opened + 1500);
    });

    it("drops a bad-token socket that keeps flooding instead of buffering what it sends", async () => {
      const raw = await RawSocket.open(suite.server.url, "garbage");
      const frame = new Uint8Array(16 * 1024);
      const deadline = Date.now() + 3000;
      let sent = 0;
      while (!raw.closed && Date.now() < deadline) {
        if (await raw.send(frame)) sent += frame.byteLength;
      }
      expect(raw.closed).toBe(true);
      expect(sent).toBeLessThan(64 * 1024 * 1024);
      expect(await healthy(suite.server)).toBe(true);
    });

    it(`drops a socket that sends more than ${EARLY_FRAME_LIMIT} frames before it is let in`, async () => {
      const token = await guestToken(suite.server);
      const held = holdPlayerLoads(suite.server);
      try {
        const raw = await RawSocket.open(suite.server.url, token);
        for (let i = 0; i <= EARLY_FRAME_LIMIT; i++) await raw.send(heartbeat);
        await raw.waitClosed(1500);
        expect(raw.closeFrame()).toBeUndefined();
      } finally {
        held.release();
      }
    });

    it("drops a socket that sends more than 64 KiB before it is let in", async () => {
      const token = await guestToken(suite.server);
      const held = holdPlayerLoads(suite.server);
      try {
        const raw = await RawSocket.open(suite.server.url, token);
        await raw.send(new Uint8Array(MAX_CLIENT_FRAME_BYTES));
        await raw.send(new Uint8Array(MAX_CLIENT_FRAME_BYTES));
        await raw.waitClosed(1500);
      } finally {
        held.release();
      }
    });

    it("keeps and answers what a socket sent within the limits once it is let in", async () => {
      const token = await guestToken(suite.server);
      const held = holdPlayerLoads(suite.server);
      const raw = await RawSocket.open(suite.server.url, token);
      for (let i = 0; i < 5; i++) await raw.send(heartbeat);
      await new Promise((r) => setTimeout(r, 200));
      expect(raw.closed).toBe(false);
      held.release();
      const deadline = Date.now() + 5000;
      const pongs = () =>
        raw.frames.filter(
          (f) => f.opcode === OP.binary && serverProtocol.decode(f.payload).type === "pong",
        ).length;
      while (pongs() < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(pongs()).toBe(5);
      expect(raw.closed).toBe(false);
      raw.destroy();
    });

    it(`answers all ${EARLY_FRAME_LIMIT} frames it may send while it waits, none refused as too fast`, async () => {
      // A page that opens while the server is slow to let it in sends its requests early (a
      // reload of /guild/log: hydrate, the guild, the log...): they were replayed at once,
      // counted in one second against the rate limit, and the 21st on was dropped.
      const token = await guestToken(suite.server);
      const held = holdPlayerLoads(suite.server);
      const raw = await RawSocket.open(suite.server.url, token);
      for (let i = 0; i < EARLY_FRAME_LIMIT; i++) await raw.send(heartbeat);
      await new Promise((r) => setTimeout(r, 200));
      held.release();
      const decoded = () =>
        raw.frames
          .filter((f) => f.opcode === OP.binary)
          .map((f) => serverProtocol.decode(f.payload));
      const pongs = () => decoded().filter((m) => m.type === "pong").length;
      const deadline = Date.now() + 5000;
      while (pongs() < EARLY_FRAME_LIMIT && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const tooFast = decoded().filter((m) => m.type === "toast" && /too fast/.test(m.data.text));
      expect(tooFast).toEqual([]);
      expect(pongs()).toBe(EARLY_FRAME_LIMIT);
      raw.destroy();
    });

    it("closes a socket with 1009 for a frame longer than the largest legal message", async () => {
      const client = await TestClient.connect(suite.server.url, await guestToken(suite.server));
      await client.next("versionCheck");
      // The largest legal message fits (it is only refused by the game: no such items).
      const ids = Array.from({ length: 5000 }, (_, i) => Number.MAX_SAFE_INTEGER - i);
      client.send("disenchant", { target: 1, rarity: 0, itemIds: ids, confirmed: false });
      client.send("heartbeat", {});
      await client.next("pong");
      expect(client.closed).toBeUndefined();
      client.sendRaw(new Uint8Array(MAX_CLIENT_FRAME_BYTES + 1));
      expect((await client.closedWith()).code).toBe(1009);
    });
  },
);
