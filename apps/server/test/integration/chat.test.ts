import { ChatChannel, ChatPartKind } from "@manaspire/game";
import type { ChatEntry } from "@manaspire/protocol";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatMessages } from "../../src/db/schema";
import {
  type ChatPlayer,
  chatPlayer,
  chatPlayerNamed,
  chatToast,
  linesWith,
  lineText,
  marker as markAll,
} from "../support/chat";
import { TestClient } from "../support/client";
import { guestToken } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitFor } from "../support/wait";

/** Chat lines, whispers, ignores, rates and history. Moderation: chat-moderation.test.ts. */
describe.each(testStores())("chat on $kind", (factory) => {
  // Slow ticks: nothing but chat (and presence counts) reaches the sockets.
  const suite = serverSuite(factory, { TICK_MS: "60000", CHAT_EMOTES: "Kappa,PogChamp" });

  const connect = (token: string) => chatPlayer(suite.server, token);
  const named = (name: string) => chatPlayerNamed(suite.server, name);
  const toastFor = (p: ChatPlayer, text: string, channel?: 1 | 2 | 3 | 4 | 5 | 6 | 7) =>
    chatToast(suite.server, p, text, channel);
  const marker = (from: ChatPlayer, watchers: ChatPlayer[]) =>
    markAll(suite.server, from, watchers);

  it("sends a General line to everyone and keeps it for players who connect later", async () => {
    const alice = await named("Alice");
    const bob = await named("Bob");
    alice.client.send("chat", { channel: ChatChannel.General, text: "  hello\nworld  " });
    const atBob = await bob.client.next("chatLine", (m) => lineText(m.entry) === "hello world");
    const atAlice = await alice.client.next("chatLine", (m) => lineText(m.entry) === "hello world");
    expect(atBob.entry).toEqual(atAlice.entry);
    expect(atBob.entry).toMatchObject({
      channel: ChatChannel.General,
      senderId: alice.id,
      senderName: "Alice",
      senderRole: 0,
      senderTitle: "",
      message: [{ kind: ChatPartKind.Text, text: "hello world" }],
    });
    expect(atBob.entry.id).toBeGreaterThan(0);
    expect(Math.abs(atBob.entry.timestamp - Date.now())).toBeLessThan(10_000);

    const carol = await named("Carol");
    expect(carol.history.map((e) => e.id)).toContain(atBob.entry.id);
    const channels = carol.client.received.find((m) => m.type === "channels");
    expect(channels?.data).toEqual({ channels: [1, 2, 3, 5, 7] });
    const ignores = carol.client.received.find((m) => m.type === "ignoreList");
    expect(ignores?.data).toEqual({ names: [] });
    for (const p of [alice, bob, carol]) p.client.close();
  });

  it("parses links and emotes as data: markup stays text, javascript: never becomes a link", async () => {
    const p = await connect(await guestToken(suite.server));
    const text =
      '<script>alert("x")</script> javascript:alert(1) [[loot:1]] example.com/x Kappa [[item:5:Fake:7]] data:text/html,hi';
    p.client.send("chat", { channel: ChatChannel.Trade, text });
    const { entry } = await p.client.next("chatLine", (m) => m.entry.channel === ChatChannel.Trade);
    expect(entry.message).toEqual([
      { kind: ChatPartKind.Text, text: '<script>alert("x")</script> javascript:alert(1) ' },
      { kind: ChatPartKind.Loot, text: "Mana Dust", refId: 1, rarity: 1 },
      { kind: ChatPartKind.Text, text: " " },
      { kind: ChatPartKind.Url, text: "example.com/x", url: "https://example.com/x" },
      { kind: ChatPartKind.Text, text: " " },
      { kind: ChatPartKind.Emote, text: "Kappa" },
      // Items arrive with issue 3: until then an item link stays its original text.
      { kind: ChatPartKind.Text, text: " [[item:5:Fake:7]] data:text/html,hi" },
    ]);
    for (const part of entry.message) {
      if (part.url !== undefined) expect(part.url).toMatch(/^https:\/\//);
    }
    p.client.close();
  });

  it("delivers a whisper to the two parties only, and refuses unknown names and yourself", async () => {
    const dora = await named("Dora");
    const eric = await named("Eric");
    const finn = await named("Finn");
    dora.client.send("chat", { text: "/w eric meet me at the [[loot:9]] mine" });
    const atEric = await eric.client.next("chatLine", (m) => m.entry.channel === 6);
    const atDora = await dora.client.next("chatLine", (m) => m.entry.channel === 6);
    expect(atEric.entry).toEqual(atDora.entry);
    expect(atEric.entry).toMatchObject({
      channel: ChatChannel.Whispers,
      senderName: "Dora",
      recipientName: "Eric",
    });
    expect(atEric.entry.message[1]).toMatchObject({ kind: ChatPartKind.Loot, refId: 9 });
    await marker(dora, [finn]);
    expect(linesWith(finn, "meet me")).toEqual([]);

    expect(await toastFor(dora, "/w Nobody_here hi")).toBe("Player Nobody_here not found.");
    expect(await toastFor(dora, "/w <b>x</b> hi")).toBe("Player <b>x</b> not found.");
    expect(await toastFor(dora, "/w Dora hi")).toBe("You cannot whisper yourself.");
    expect(await toastFor(dora, "/w Eric")).toBe("Usage: /w name message");

    // Whispers come back with the history, to both parties only.
    const ericAgain = await connect(eric.token);
    expect(ericAgain.history.map((e) => e.id)).toContain(atEric.entry.id);
    const finnAgain = await connect(finn.token);
    expect(finnAgain.history.map((e) => e.id)).not.toContain(atEric.entry.id);
    for (const p of [dora, eric, finn, ericAgain, finnAgain]) p.client.close();
  });

  it("/ignore stops delivery, persists across reconnects, and /unignore restores it", async () => {
    const gina = await named("Gina");
    const hugo = await named("Hugo");
    const ivan = await named("Ivan");
    gina.client.send("chat", { channel: ChatChannel.General, text: "before ignore" });
    await hugo.client.next("chatLine", (m) => lineText(m.entry) === "before ignore");

    expect(await toastFor(hugo, "/ignore Hugo")).toBe("You cannot ignore yourself.");
    expect(await toastFor(hugo, "/ignore Nobody_here")).toBe("Player Nobody_here not found.");
    const since = hugo.client.received.length;
    expect(await toastFor(hugo, "/ignore gina")).toMatch(/^You ignore Gina now/);
    expect(await hugo.client.next("ignoreList", () => true, { since })).toEqual({
      names: ["Gina"],
    });
    expect(await toastFor(hugo, "/ignore Gina")).toBe("You already ignore Gina.");

    gina.client.send("chat", { channel: ChatChannel.General, text: "after ignore" });
    gina.client.send("chat", { text: "/w Hugo psst after ignore" });
    await gina.client.next("chatLine", (m) => lineText(m.entry) === "psst after ignore");
    await ivan.client.next("chatLine", (m) => lineText(m.entry) === "after ignore");
    await marker(ivan, [hugo]);
    expect(linesWith(hugo, "after ignore")).toEqual([]);

    hugo.client.close();
    const back = await connect(hugo.token);
    const list = back.client.received.find((m) => m.type === "ignoreList");
    expect(list?.data).toEqual({ names: ["Gina"] });
    expect(back.history.some((e) => e.senderId === gina.id)).toBe(false);
    expect(back.history.some((e) => e.senderId === ivan.id)).toBe(true);

    expect(await toastFor(back, "/unignore Nobody_here")).toBe("You do not ignore Nobody_here.");
    expect(await toastFor(back, "/unignore GINA")).toBe("You no longer ignore Gina.");
    gina.client.send("chat", { channel: ChatChannel.General, text: "heard again" });
    await back.client.next("chatLine", (m) => lineText(m.entry) === "heard again");
    for (const p of [gina, ivan, back]) p.client.close();
  });

  it("drops a chat flood with a toast and keeps the socket open", async () => {
    const p = await connect(await guestToken(suite.server));
    for (let i = 1; i <= 8; i++)
      p.client.send("chat", { channel: ChatChannel.Help, text: `flood ${i}` });
    const toast = await p.client.next("toast", (m) => m.text.includes("too fast"));
    expect(toast.text).toMatch(/^You are sending messages too fast; wait \d+ s\.$/);
    await p.client.next("chatLine", (m) => lineText(m.entry) === "flood 5");
    p.client.send("heartbeat", {});
    await p.client.next("pong");
    expect(p.client.closed).toBeUndefined();
    const delivered = linesWith(p, "flood ");
    expect(delivered.map(lineText)).toEqual([
      "flood 1",
      "flood 2",
      "flood 3",
      "flood 4",
      "flood 5",
    ]);
    expect(p.client.received.filter((m) => m.type === "toast").length).toBe(3);
    p.client.close();
  });

  it("keeps the chat rate across reconnects: a player past the limit is refused on a new socket", async () => {
    const token = await guestToken(suite.server);
    let p = await connect(token);
    for (const [round, count] of [3, 2].entries()) {
      for (let i = 1; i <= count; i++) {
        const text = `reconnect ${round} ${i}`;
        p.client.send("chat", { channel: ChatChannel.Help, text });
        await p.client.next("chatLine", (m) => lineText(m.entry) === text);
      }
      // Going offline (the last socket closes) must not reset the limit.
      p.client.close();
      await waitFor(() => !suite.server.sessions.has(p.id));
      p = await connect(token);
    }
    // Five lines in well under 10 s: the sixth is refused on the third socket.
    const since = p.client.received.length;
    p.client.send("chat", { channel: ChatChannel.Help, text: "reconnect again" });
    const toast = await p.client.next("toast", () => true, { since });
    expect(toast.text).toMatch(/^You are sending messages too fast; wait \d+ s\.$/);
    const stored = await suite.server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.senderId, p.id));
    expect(stored[0]?.n).toBe(5);
    p.client.close();
  });

  it("validates lines: empty, too long, no channel, read-only and staff channels, unknown commands", async () => {
    const p = await connect(await guestToken(suite.server));
    const check = (text: string, channel: 1 | 2 | 3 | 4 | 5 | 6 | 7 | undefined) =>
      toastFor(p, text, channel);
    expect(await check(" \n\t ", 1)).toBe("Type a message first.");
    // Nothing visible: zero-width characters, Hangul fillers, braille blanks.
    expect(await check("\u200b\u2060\u3164 \u115f\u1160\uffa0\u2800\u180e", 1)).toBe(
      "Type a message first.",
    );
    expect(await check("/w Alice \u200b\u2800", undefined)).toBe("Usage: /w name message");
    expect(await check("x".repeat(301), 1)).toBe("Messages can be at most 300 characters.");
    expect(await check("hello", undefined)).toMatch(/^Pick a channel/);
    expect(await check("hello", ChatChannel.Whispers)).toBe("To whisper, type /w name message.");
    expect(await check("hello", ChatChannel.Notifications)).toBe("Notifications is read-only.");
    expect(await check("hello", ChatChannel.Global)).toBe(
      "Only moderators and admins can post in Global.",
    );
    expect(await check("hello", ChatChannel.Guild)).toBe("You are not in a guild.");
    expect(await check("/dance now", 1)).toBe(
      "Unknown command /dance. Commands: /w name message, /wire name, /ignore name, /unignore name, /profile name, /event.",
    );
    expect(await check("/profile Alice", undefined)).toMatch(/opens a page in your game/);
    expect(await check("/event", undefined)).toMatch(/opens a page in your game/);
    expect(await check("/mute Alice 5", undefined)).toBe(
      "Only moderators and admins can use /mute.",
    );
    expect(await check("/delete 1", undefined)).toBe("Only moderators and admins can use /delete.");
    const lines = await suite.server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.senderId, p.id));
    expect(lines[0]?.n).toBe(0);
    p.client.close();
  });

  it("/wire names a player who can receive transfers, and refuses others", async () => {
    const jade = await named("Jade");
    await named("Kira").then((k) => k.client.close());
    const guest = await connect(await guestToken(suite.server));
    const since = jade.client.received.length;
    jade.client.send("chat", { text: "/wire kira" });
    expect(await jade.client.next("wireTarget", () => true, { since })).toMatchObject({
      name: "Kira",
    });
    expect(await toastFor(jade, "/wire Nobody_here")).toBe("Player Nobody_here not found.");
    expect(await toastFor(jade, "/wire Jade")).toBe("You cannot wire to yourself.");
    expect(await toastFor(jade, `/wire ${guest.name}`)).toBe(
      `${guest.name} cannot receive transfers (guest account).`,
    );
    expect(jade.client.received.filter((m) => m.type === "wireTarget")).toHaveLength(1);
    jade.client.close();
    guest.client.close();
  });

  it("broadcasts Online counts promptly when players connect and leave", async () => {
    const watcher = await connect(await guestToken(suite.server));
    // Let sockets closed by earlier tests finish closing.
    let base = -1;
    while (base !== suite.server.sessions.onlinePlayers) {
      base = suite.server.sessions.onlinePlayers;
      await new Promise((r) => setTimeout(r, 300));
    }
    let since = watcher.client.received.length;
    const other = await TestClient.connect(suite.server.url, await guestToken(suite.server));
    const up = await watcher.client.next("onlineCounts", (m) => m.online === base + 1, {
      since,
      timeoutMs: 2000,
    });
    expect(up.online).toBe(base + 1);
    since = watcher.client.received.length;
    other.close();
    await watcher.client.next("onlineCounts", (m) => m.online === base, {
      since,
      timeoutMs: 2000,
    });
    watcher.client.close();
  });

  it("prunes history to the 200 newest per channel and per player's whispers", async () => {
    const { history } = suite.server.chat;
    const db = suite.server.database.db;
    for (let i = 0; i < 205; i++)
      await suite.server.chat.postSystem(ChatChannel.Notifications, `news ${i}`);
    const p = await named("Quinn");
    const q = await named("Rosa");
    const r = await named("Sven");
    const sender = (pl: ChatPlayer) => ({
      id: pl.id,
      name: pl.name,
      role: 0,
      title: "",
      titleColor: "",
    });
    const whisper = (from: ChatPlayer, to: ChatPlayer, text: string) =>
      history.append({
        channel: ChatChannel.Whispers,
        sender: sender(from),
        recipient: { id: to.id, name: to.name },
        text,
        parts: [{ kind: 1, text }],
        at: Date.now(),
      });
    const guildLine = (text: string) =>
      history.append({
        channel: ChatChannel.Guild,
        sender: sender(p),
        guildId: 77,
        text,
        parts: [{ kind: 1, text }],
        at: Date.now(),
      });
    for (let i = 0; i < 203; i++) await guildLine(`g ${i}`);
    await guildLine("g last").then(async () => {
      await history.append({
        channel: ChatChannel.Guild,
        sender: sender(p),
        guildId: 78,
        text: "guild 78",
        parts: [{ kind: 1, text: "guild 78" }],
        at: Date.now(),
      });
    });
    // Quinn's oldest whisper (to Rosa) is past Quinn's 200 but Rosa's only one: kept.
    await whisper(p, q, "keep me");
    for (let i = 0; i < 205; i++) await whisper(p, r, `w ${i}`);
    await history.prune();

    const count = async (where: SQL | undefined) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(where))[0]?.n;
    expect(await count(eq(chatMessages.channel, ChatChannel.Notifications))).toBe(200);
    expect(await count(eq(chatMessages.guildId, 77))).toBe(200);
    expect(await count(eq(chatMessages.guildId, 78))).toBe(1);
    const guild77 = await history.guildLines(77);
    expect(guild77).toHaveLength(200);
    expect(guild77.map(lineText).slice(-2)).toEqual(["g 202", "g last"]);
    await guildLine("newest");
    expect((await history.guildLines(77)).map(lineText).slice(-1)).toEqual(["newest"]);
    expect(await history.guildLines(77)).toHaveLength(200);
    expect(await count(and(eq(chatMessages.channel, 6), eq(chatMessages.recipientId, r.id)))).toBe(
      200,
    );
    expect(await count(and(eq(chatMessages.channel, 6), eq(chatMessages.recipientId, q.id)))).toBe(
      1,
    );

    const later = await connect(q.token);
    const news = later.history.filter((e) => e.channel === ChatChannel.Notifications);
    expect(news).toHaveLength(200);
    expect(lineText(news[news.length - 1] as ChatEntry)).toBe("news 204");
    expect(news[0]).toMatchObject({ senderId: 0, senderName: "System" });
    const rosaWhispers = later.history.filter((e) => e.channel === ChatChannel.Whispers);
    expect(rosaWhispers.map(lineText)).toEqual(["keep me"]);
    const svenLater = await connect(r.token);
    expect(svenLater.history.filter((e) => e.channel === 6)).toHaveLength(200);
    for (const pl of [p, q, r, later, svenLater]) pl.client.close();
  });
});
