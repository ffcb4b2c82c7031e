import { ActionType, BATTLE_XP_BASE, experienceForLevel, LogCategory } from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { LOG_PAGE_SIZE } from "../../src/services/activity-log";
import { CONTROL_CHARACTER_REFUSAL } from "../../src/socket/control-chars";
import { TestClient } from "../support/client";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

type LogPage = ServerPayload<"activityLog">;

describe.each(testStores())("activity log on $kind", (factory) => {
  // No ticks: battles run only when a test calls world.act, so logs hold exactly what we expect.
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  async function auth(route: string, body: unknown, userAgent: string): Promise<string> {
    const res = await fetch(`${suite.server.url}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": userAgent },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { token?: string; error?: string };
    if (!json.token) throw new Error(`${route}: ${JSON.stringify(json)}`);
    return json.token;
  }

  async function connect(token: string) {
    const client = await TestClient.connect(suite.server.url, token);
    client.send("hydrate", {});
    const { player } = await client.next("playerState");
    await client.next("chatHistory");
    return { client, id: player.id, name: player.name };
  }

  function guest() {
    return auth("/api/auth/guest", {}, "test-agent").then(connect);
  }

  function loadedPlayer(id: number) {
    const loaded = suite.server.store.loaded.get(id);
    if (!loaded) throw new Error(`player ${id} not loaded`);
    return loaded;
  }

  async function page(
    client: TestClient,
    filter: number,
    cursor = "",
    search = "",
    guild = false,
  ): Promise<LogPage> {
    const since = client.received.length;
    const data = { filter: filter as LogCategory, cursor, search };
    client.send(guild ? "activityLogGuild" : "activityLogPlayer", data as never);
    return client.next("activityLog", () => true, { since });
  }

  async function toastFor(client: TestClient, send: () => void): Promise<string> {
    const since = client.received.length;
    send();
    return (await client.next("toast", () => true, { since })).text;
  }

  it("records a level-up from a battle", async () => {
    const p = await guest();
    const loaded = loadedPlayer(p.id);
    expect(loaded.actionType).toBe(ActionType.Battle);
    // Just short of level 5: the next battle crosses it.
    loaded.battleXp = experienceForLevel(BATTLE_XP_BASE, 5) - 0.001;
    suite.server.world.act(loaded, Date.now());
    await p.client.next("toast", (m) => m.text.includes("level 5"));
    const log = await page(p.client, LogCategory.Level);
    expect(log.guild).toBe(false);
    expect(log.append).toBe(false);
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({
      category: LogCategory.Level,
      text: "Battle level up! You reached level 5.",
    });
    expect(Math.abs((log.entries[0]?.timestamp ?? 0) - Date.now())).toBeLessThan(10_000);
    p.client.close();
  });

  it("records level-ups of players nobody watches, written in a batch by the timer", async () => {
    const p = await guest();
    const loaded = loadedPlayer(p.id);
    p.client.close();
    while (suite.server.sessions.has(p.id)) await new Promise((r) => setTimeout(r, 20));
    loaded.battleXp = experienceForLevel(BATTLE_XP_BASE, 7) - 0.001;
    const before = suite.server.activityLog.buffered;
    suite.server.world.act(loaded, Date.now());
    // Buffered in memory by the tick, not inserted.
    expect(suite.server.activityLog.buffered).toBe(before + 1);
    // Written by the activity log's own timer (1 s), not by the read.
    while (suite.server.activityLog.buffered > 0) await new Promise((r) => setTimeout(r, 50));
    const result = await suite.server.activityLog.page({
      playerId: p.id,
      filter: LogCategory.Level,
      cursor: "",
      search: "",
    });
    expect(result.entries.map((e) => e.text)).toEqual(["Battle level up! You reached level 7."]);
  });

  it("pages newest first, 50 at a time, with an opaque cursor, hasMore and loadedUntil", async () => {
    const p = await guest();
    const base = Date.now();
    for (let i = 0; i < 120; i++) {
      suite.server.activityLog.record(p.id, LogCategory.Transfer, `entry ${i}`, base + i);
    }
    const first = await page(p.client, LogCategory.All);
    expect(first.entries).toHaveLength(LOG_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.append).toBe(false);
    expect(first.cursor).not.toBe("");
    expect(first.entries.map((e) => e.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `entry ${119 - i}`),
    );
    expect(first.loadedUntil).toBe(base + 70);
    const second = await page(p.client, LogCategory.All, first.cursor);
    expect(second.append).toBe(true);
    expect(second.hasMore).toBe(true);
    expect(second.entries.map((e) => e.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `entry ${69 - i}`),
    );
    expect(second.loadedUntil).toBe(base + 20);
    // The last page ends with the oldest entry: the guest sign-in.
    const third = await page(p.client, LogCategory.All, second.cursor);
    expect(third.entries).toHaveLength(21);
    expect(third.hasMore).toBe(false);
    expect(third.cursor).toBe("");
    expect(third.entries[19]?.text).toBe("entry 0");
    expect(third.entries[20]).toMatchObject({
      category: LogCategory.Account,
      text: "Guest account created on Unknown device.",
    });
    expect(third.loadedUntil).toBe(third.entries[20]?.timestamp);
    // The same cursor works with a filter (Transfer only: no sign-in entry).
    const transfers = await page(p.client, LogCategory.Transfer, second.cursor);
    expect(transfers.entries).toHaveLength(20);
    p.client.close();
  });

  it("filters by category and searches case-insensitively with literal wildcards", async () => {
    const p = await guest();
    const log = suite.server.activityLog;
    log.record(p.id, LogCategory.Market, "Sold 5 Iron for 100 Mana Dust");
    log.record(p.id, LogCategory.Market, "Bought 1 Orb of Chaos at 100% of the best price");
    log.record(p.id, LogCategory.Transfer, "Sent 3 iron_bars to Somebody");
    log.record(p.id, LogCategory.Event, "Joined the Elemental Rift");
    const texts = (r: LogPage) => r.entries.map((e) => e.text);
    expect(texts(await page(p.client, LogCategory.Market))).toEqual([
      "Bought 1 Orb of Chaos at 100% of the best price",
      "Sold 5 Iron for 100 Mana Dust",
    ]);
    expect(texts(await page(p.client, LogCategory.All, "", "IRON"))).toEqual([
      "Sent 3 iron_bars to Somebody",
      "Sold 5 Iron for 100 Mana Dust",
    ]);
    expect(texts(await page(p.client, LogCategory.Market, "", "iron"))).toEqual([
      "Sold 5 Iron for 100 Mana Dust",
    ]);
    // % and _ match themselves, not anything.
    expect(texts(await page(p.client, LogCategory.All, "", "100%"))).toEqual([
      "Bought 1 Orb of Chaos at 100% of the best price",
    ]);
    expect(texts(await page(p.client, LogCategory.All, "", "_"))).toEqual([
      "Sent 3 iron_bars to Somebody",
    ]);
    expect(texts(await page(p.client, LogCategory.All, "", "%"))).toHaveLength(1);
    expect(texts(await page(p.client, LogCategory.All, "", "\\"))).toEqual([]);
    expect(texts(await page(p.client, LogCategory.All, "", "nothing like this"))).toEqual([]);
    // Invisible characters are not searched for: "Iro\u200Bn" finds Iron, and a search of only
    // invisible characters finds everything. A control character (a NUL would make PostgreSQL
    // refuse the query) never reaches the search: the gateway refuses the message.
    expect(texts(await page(p.client, LogCategory.Market, "", "Iro\u200Bn"))).toEqual([
      "Sold 5 Iron for 100 Mana Dust",
    ]);
    const everything = texts(await page(p.client, LogCategory.All));
    expect(texts(await page(p.client, LogCategory.All, "", "\u200B\u200B"))).toEqual(everything);
    const nul = { filter: LogCategory.All, cursor: "", search: "Ir\u0000on" };
    expect(await toastFor(p.client, () => p.client.send("activityLogPlayer", nul))).toBe(
      CONTROL_CHARACTER_REFUSAL,
    );
    p.client.close();
  });

  it("keeps each player's log to themselves", async () => {
    const a = await guest();
    const b = await guest();
    suite.server.activityLog.record(a.id, LogCategory.Event, "only for a");
    const atB = await page(b.client, LogCategory.Event);
    expect(atB.entries).toEqual([]);
    a.client.close();
    b.client.close();
  });

  it("records whispers for the sender and the recipient", async () => {
    const sender = await connect(
      await auth("/api/auth/register", { username: "Wren", password: "pass1234" }, "x"),
    );
    const recipient = await connect(
      await auth("/api/auth/register", { username: "Yara", password: "pass1234" }, "x"),
    );
    sender.client.send("chat", { text: "/w Yara the secret plan" });
    await recipient.client.next("chatLine", (m) => m.entry.channel === 6);
    const sent = await page(sender.client, LogCategory.Whisper);
    expect(sent.entries.map((e) => e.text)).toEqual(["Whisper to Yara: the secret plan"]);
    const got = await page(recipient.client, LogCategory.Whisper, "", "SECRET");
    expect(got.entries.map((e) => e.text)).toEqual(["Whisper from Wren: the secret plan"]);
    sender.client.close();
    recipient.client.close();
  });

  it("records account creation and sign-ins from new devices only", async () => {
    const token = await auth(
      "/api/auth/register",
      { username: "Zelda", password: "pass1234" },
      CHROME_WINDOWS,
    );
    await auth("/api/auth/login", { username: "zelda", password: "pass1234" }, CHROME_WINDOWS);
    await auth("/api/auth/login", { username: "Zelda", password: "pass1234" }, FIREFOX_LINUX);
    await auth("/api/auth/login", { username: "Zelda", password: "pass1234" }, FIREFOX_LINUX);
    const p = await connect(token);
    const log = await page(p.client, LogCategory.Account);
    expect(log.entries.map((e) => e.text)).toEqual([
      "Signed in from a new device: Firefox on Linux.",
      "Account created on Chrome on Windows.",
    ]);
    const guest = await connect(await auth("/api/auth/guest", {}, FIREFOX_LINUX));
    const guestLog = await page(guest.client, LogCategory.Account);
    expect(guestLog.entries.map((e) => e.text)).toEqual([
      "Guest account created on Firefox on Linux.",
    ]);
    p.client.close();
    guest.client.close();
  });

  it("answers the guild log of a player without a guild with an empty page", async () => {
    const p = await guest();
    const log = await page(p.client, LogCategory.All, "", "", true);
    expect(log).toEqual({
      guild: true,
      append: false,
      entries: [],
      hasMore: false,
      cursor: "",
      loadedUntil: 0,
    });
    const funds = await page(p.client, LogCategory.GuildFunds, "", "", true);
    expect(funds.entries).toEqual([]);
    p.client.close();
  });

  it("refuses filters of the other log and cursors it never made, with a toast", async () => {
    const p = await guest();
    expect(
      await toastFor(p.client, () =>
        p.client.send("activityLogPlayer", { filter: 7, cursor: "", search: "" }),
      ),
    ).toBe("That filter belongs to the guild log.");
    expect(
      await toastFor(p.client, () =>
        p.client.send("activityLogGuild", { filter: 2, cursor: "", search: "" }),
      ),
    ).toBe("That filter belongs to the player log.");
    for (const cursor of ["nonsense", "c-1", "' or 1=1 --"]) {
      expect(
        await toastFor(p.client, () =>
          p.client.send("activityLogPlayer", { filter: 0, cursor, search: "" }),
        ),
      ).toBe("That page of the log is no longer valid; reload it.");
    }
    p.client.close();
  });
});
