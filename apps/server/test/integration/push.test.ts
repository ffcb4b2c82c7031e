import {
  ActionType,
  DEVICE_SENDING_ERROR,
  PotionBoost,
  questRequired,
  RiftType,
} from "@manaspire/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDevices, pushDeliveries } from "../../src/db/schema";
import type { GameServer } from "../../src/server";
import { totalBoosts } from "../../src/world/player-view";
import { addEvent, moveEvent, stepEvents } from "../support/events";
import { connect, mark, namedPlayer, type Player, toastFor } from "../support/players";
import {
  addDevice,
  LocalPushService,
  TestSubscription,
  verifyVapid,
} from "../support/push-service";
import { redisReachable, TEST_REDIS_URL } from "../support/redis";
import { startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { sleep, waitFor } from "../support/wait";

/**
 * Push notifications end to end: a Web Push service on 127.0.0.1 (an HTTP server in this
 * test) receives what the real server sends; the test holds the subscription's private keys,
 * decrypts the payload and checks the VAPID signature.
 */
describe.each(testStores())("push notifications on $kind", (factory) => {
  let push: LocalPushService;
  beforeAll(async () => {
    push = await LocalPushService.start();
  });
  afterAll(async () => {
    await push?.stop();
  });

  // No ticks of their own: the milestone test ticks the world itself.
  const suite = serverSuite(factory, {
    TICK_MS: "60000",
    PUSH_ENDPOINT_HOSTS: "127.0.0.1",
    VAPID_SUBJECT: "mailto:ops@manaspire.test",
  });

  /** Closes the player's socket and waits until the server has no socket of theirs. */
  async function goOffline(p: Player): Promise<void> {
    p.client.close();
    await waitFor(() => !suite.server.sessions.has(p.id));
  }

  async function deviceRow(token: string) {
    const [row] = await suite.server.database.db
      .select()
      .from(notificationDevices)
      .where(eq(notificationDevices.token, token));
    return row;
  }

  it("sends no notification settings before a device is added, then the device with every type on", async () => {
    const p = await namedPlayer(suite.server, "Dev");
    p.client.send("getNotificationSettings", {});
    const empty = await p.client.next("notificationSettings");
    expect(empty.devices).toEqual([]);
    expect(empty.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const sub = new TestSubscription(push);
    // Hidden characters are taken out and spaces trimmed (the wire allows 10 characters).
    const settings = await addDevice(p, sub, " Desk\u200Btop ");
    expect(settings.devices).toHaveLength(1);
    const device = settings.devices[0];
    expect(device?.token).toBe(sub.endpoint);
    expect(device?.name).toBe("Desktop");
    expect(device?.error).toBeUndefined();
    expect(Object.values(device?.enabled ?? {})).toEqual(Array(8).fill(true));
    p.client.close();
  });

  it("pushes a whisper to a player with no open socket: encrypted, signed, decrypted here", async () => {
    const alice = await namedPlayer(suite.server, "Ali");
    const bob = await namedPlayer(suite.server, "Bob");
    const sub = new TestSubscription(push);
    const { publicKey } = await addDevice(bob, sub, "Phone");

    // While Bob is online, nothing is pushed.
    alice.client.send("chat", { text: `/w ${bob.name} are you there` });
    await bob.client.next("chatLine", (l) =>
      l.entry.message.some((part) => part.text.includes("are you there")),
    );

    await goOffline(bob);
    const toast = await toastFor(alice, () =>
      alice.client.send("chat", { text: `/w ${bob.name} meet me at the market` }),
    );
    expect(toast).toBe(`${bob.name} is offline and will see your whisper next time.`);

    const [request] = await push.waitFor(sub.path, 1);
    if (!request) throw new Error("no push");
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.headers.urgency).toBe("normal");
    const vapid = await verifyVapid(request, push.origin);
    expect(vapid.publicKey).toBe(publicKey);
    expect(vapid.subject).toBe("mailto:ops@manaspire.test");

    const message = JSON.parse(sub.decrypt(request.body)) as Record<string, string>;
    expect(message).toMatchObject({
      type: "Whisper",
      title: `Whisper from ${alice.name}`,
      body: "meet me at the market",
      url: "/",
    });
    // Only the offline whisper was pushed.
    await sleep(200);
    expect(push.to(sub.path)).toHaveLength(1);
    alice.client.close();
  });

  it("respects the device's switches and the recipient's ignore list", async () => {
    const alice = await namedPlayer(suite.server, "Ign");
    const bob = await namedPlayer(suite.server, "Tgt");
    const sub = new TestSubscription(push);
    await addDevice(bob, sub);
    const since = mark(bob);
    bob.client.send("updateDeviceSettings", { token: sub.endpoint, enabled: { Whisper: false } });
    const off = await bob.client.next("notificationSettings", () => true, { since });
    expect(off.devices[0]?.enabled.Whisper).toBe(false);
    expect(off.devices[0]?.enabled.QuestComplete).toBe(true);
    await goOffline(bob);

    await toastFor(alice, () => alice.client.send("chat", { text: `/w ${bob.name} switched off` }));
    const back = await connect(suite.server, bob.token);
    await toastFor(back, () => back.client.send("chat", { text: `/ignore ${alice.name}` }));
    const since2 = mark(back);
    back.client.send("updateDeviceSettings", { token: sub.endpoint, enabled: { Whisper: true } });
    const on = await back.client.next("notificationSettings", () => true, { since: since2 });
    expect(on.devices[0]?.enabled.Whisper).toBe(true);
    await goOffline(back);
    await toastFor(alice, () => alice.client.send("chat", { text: `/w ${bob.name} ignored` }));

    // A marker the device does want proves the ones before were not sent.
    const carol = await namedPlayer(suite.server, "Car");
    await toastFor(carol, () => carol.client.send("chat", { text: `/w ${bob.name} marker` }));
    const [only] = await push.waitFor(sub.path, 1);
    expect(JSON.parse(sub.decrypt(only?.body ?? Buffer.alloc(0))).body).toBe("marker");
    await sleep(200);
    expect(push.to(sub.path)).toHaveLength(1);
    alice.client.close();
    carol.client.close();
  });

  it("sets Error after three failed sends in a row; the client's empty update re-arms the device", async () => {
    const alice = await namedPlayer(suite.server, "Snd");
    const bob = await namedPlayer(suite.server, "Err");
    const sub = new TestSubscription(push);
    await addDevice(bob, sub);
    push.statusFor.set(sub.path, 500);
    await goOffline(bob);

    for (let i = 1; i <= 3; i++) {
      await toastFor(alice, () => alice.client.send("chat", { text: `/w ${bob.name} try ${i}` }));
      await push.waitFor(sub.path, i);
    }
    let row = await deviceRow(sub.endpoint);
    for (let i = 0; i < 100 && row?.error === null; i++) {
      await sleep(20);
      row = await deviceRow(sub.endpoint);
    }
    expect(row?.errorCount).toBe(3);
    expect(row?.error).toBe(DEVICE_SENDING_ERROR);

    // A device in error gets nothing.
    await toastFor(alice, () => alice.client.send("chat", { text: `/w ${bob.name} try 4` }));
    await sleep(300);
    expect(push.to(sub.path)).toHaveLength(3);

    const back = await connect(suite.server, bob.token);
    back.client.send("getNotificationSettings", {});
    const settings = await back.client.next("notificationSettings");
    expect(settings.devices[0]?.error).toBe("Notifcations Disabled due to sending errors");
    expect(settings.devices[0]?.errorCount).toBe(3);
    const since = mark(back);
    back.client.send("updateDeviceSettings", { token: sub.endpoint, enabled: {} });
    const rearmed = await back.client.next("notificationSettings", () => true, { since });
    expect(rearmed.devices[0]?.error).toBeUndefined();
    expect(rearmed.devices[0]?.errorCount).toBe(0);

    // It works again once the push service does, and a success resets the count.
    push.statusFor.delete(sub.path);
    await goOffline(back);
    await toastFor(alice, () => alice.client.send("chat", { text: `/w ${bob.name} back` }));
    await push.waitFor(sub.path, 4);
    expect((await deviceRow(sub.endpoint))?.errorCount).toBe(0);
    alice.client.close();
  });

  it("removes a device whose subscription is gone (404 and 410)", async () => {
    const alice = await namedPlayer(suite.server, "Gon");
    for (const status of [404, 410]) {
      const bob = await namedPlayer(suite.server, "Rem");
      const sub = new TestSubscription(push);
      await addDevice(bob, sub);
      push.statusFor.set(sub.path, status);
      await goOffline(bob);
      await toastFor(alice, () => alice.client.send("chat", { text: `/w ${bob.name} hello` }));
      await push.waitFor(sub.path, 1);
      let row = await deviceRow(sub.endpoint);
      for (let i = 0; i < 100 && row !== undefined; i++) {
        await sleep(20);
        row = await deviceRow(sub.endpoint);
      }
      expect(row).toBeUndefined();
    }
    alice.client.close();
  });

  it("pushes Quest Complete, Fatigue and Potion Expired from the world tick, each once", async () => {
    const p = await namedPlayer(suite.server, "Idl");
    const sub = new TestSubscription(push);
    await addDevice(p, sub);
    await goOffline(p);
    const me = p.loaded;
    me.actionType = ActionType.Mining;
    const required = questRequired("gather", totalBoosts(me));
    me.gatherQuestProgress = required - 2;
    me.actions = 3;
    // Wisdom runs out; Resonance runs out too but the belt's next one follows (no push).
    me.potions.active = [
      { boost: PotionBoost.Wisdom, tier: 1, ticks: 2 },
      { boost: PotionBoost.Resonance, tier: 1, ticks: 1 },
    ];
    me.potions.belt = [{ boost: PotionBoost.Resonance, tier: 1, amount: 1, autoConsume: true }];
    suite.server.world.tick();
    suite.server.world.tick(); // the quest is complete now
    suite.server.world.tick(); // the last action
    suite.server.world.tick(); // nothing left to do
    const requests = await push.waitFor(sub.path, 3);
    const types = requests.map((r) => JSON.parse(sub.decrypt(r.body)).type).sort();
    expect(types).toEqual(["Potion", "QuestComplete", "RefreshActions"]);
    const [potion] = requests.filter((r) => r.headers.topic === "Potion");
    expect(JSON.parse(sub.decrypt(potion?.body ?? Buffer.alloc(0))).body).toBe(
      "Your Wisdom potion has run out.",
    );
    const [quest] = requests.filter((r) => r.headers.topic === "QuestComplete");
    expect(JSON.parse(sub.decrypt(quest?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: "Quest complete",
      body: "Your gather quest is complete. Claim the reward to start the next one.",
    });

    // The same events reported again (a replay after a crash, another process) are not resent.
    suite.server.notifier.notify(
      me.id,
      { type: "RefreshActions", title: "x", body: "x", url: "/", tag: "x" },
      String(me.actionCounter),
    );
    await suite.server.notifier.idle();
    expect(push.to(sub.path)).toHaveLength(3);
    const claims = await suite.server.database.db
      .select()
      .from(pushDeliveries)
      .where(eq(pushDeliveries.playerId, me.id));
    expect(claims.map((c) => c.key).sort()).toEqual([
      `Potion:${PotionBoost.Wisdom}:${me.actionCounter - 1}`,
      `QuestComplete:gather:${me.gatherQuestCompleted + 1}`,
      `RefreshActions:${me.actionCounter}`,
    ]);
  });

  it("pushes an Elemental Rift's and a Rift of Power's opening to offline players, once", async () => {
    const p = await namedPlayer(suite.server, "Rifty");
    const sub = new TestSubscription(push);
    await addDevice(p, sub, "Phone");
    await goOffline(p);
    const rift = await addEvent(suite.server.database.db, RiftType.ElementalRift, {
      queueIn: -100,
      startsIn: 3_600_000,
      endsIn: 7_200_000,
    });
    await stepEvents(suite.server);
    await stepEvents(suite.server); // a second run tells nobody again
    const [first] = await push.waitFor(sub.path, 1);
    expect(JSON.parse(sub.decrypt(first!.body))).toMatchObject({
      type: "ElementalRift",
      url: "/event",
    });
    await moveEvent(suite.server.database.db, rift, { startsIn: -7_200_000, endsIn: -3_600_000 });
    const power = await addEvent(suite.server.database.db, RiftType.RiftOfPower, {
      queueIn: -100,
      startsIn: -100,
      endsIn: 3_600_000,
    });
    await stepEvents(suite.server);
    const [, second] = await push.waitFor(sub.path, 2);
    expect(JSON.parse(sub.decrypt(second!.body))).toMatchObject({ type: "RiftOfPower" });
    await sleep(200);
    expect(push.to(sub.path)).toHaveLength(2);
    await moveEvent(suite.server.database.db, power, { startsIn: -7_200_000, endsIn: -3_600_000 });
    await stepEvents(suite.server);
  });

  it("refuses addresses outside the allowed push hosts, bad keys and other players' devices", async () => {
    const p = await namedPlayer(suite.server, "Atk");
    const victim = await namedPlayer(suite.server, "Vic");
    const sub = new TestSubscription(push);
    await addDevice(victim, sub);

    const refuse = (token: string, p256dh = sub.p256dh, auth = sub.auth) =>
      toastFor(p, () => p.client.send("addDevice", { token, p256dh, auth, name: "x" }));
    expect(await refuse("http://169.254.169.254/latest/meta-data")).toBe(
      "This server does not send notifications to that push service.",
    );
    expect(await refuse("https://127.0.0.1.evil.example/push")).toBe(
      "This server does not send notifications to that push service.",
    );
    expect(await refuse("file:///etc/passwd")).toBe(
      "This server does not send notifications to that push service.",
    );
    expect(await refuse("not a url")).toBe("That is not a push address.");
    expect(await refuse(`${push.origin}/push/x`, "AAAA")).toBe(
      "The subscription's p256dh key is not valid.",
    );
    expect(await refuse(`${push.origin}/push/x`, sub.p256dh, "short")).toBe(
      "The subscription's auth secret is not valid.",
    );
    expect(
      await toastFor(p, () =>
        p.client.send("updateDeviceSettings", { token: sub.endpoint, name: "mine", enabled: {} }),
      ),
    ).toBe("That device is not registered to you.");
    expect(
      await toastFor(p, () => p.client.send("removeDeviceByToken", { token: sub.endpoint })),
    ).toBe("That device is not registered to you.");
    expect(
      await toastFor(p, () => p.client.send("testNotification", { token: sub.endpoint })),
    ).toBe("That device is not registered to you.");
    expect(
      await toastFor(victim, () =>
        victim.client.send("updateDeviceSettings", {
          token: sub.endpoint,
          enabled: { Bogus: true },
        }),
      ),
    ).toBe("Unknown notification type Bogus.");
    const row = await deviceRow(sub.endpoint);
    expect(row?.playerId).toBe(victim.id);
    expect(row?.name).toBe("Laptop");
    expect(push.to(sub.path)).toHaveLength(0);

    // The player removes their own device.
    const since = mark(victim);
    victim.client.send("removeDeviceByToken", { token: sub.endpoint });
    expect(
      (await victim.client.next("notificationSettings", () => true, { since })).devices,
    ).toEqual([]);
    p.client.close();
    victim.client.close();
  });

  it("sends a test notification on request, at most one every 10 s", async () => {
    const p = await namedPlayer(suite.server, "Tst");
    const sub = new TestSubscription(push);
    await addDevice(p, sub, "Tablet");
    expect(
      await toastFor(p, () => p.client.send("testNotification", { token: sub.endpoint })),
    ).toBe("Test notification sent to Tablet.");
    const [request] = await push.waitFor(sub.path, 1);
    expect(JSON.parse(sub.decrypt(request?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: "Manaspire test notification",
      body: "Notifications reach Tablet.",
    });
    expect(
      await toastFor(p, () => p.client.send("testNotification", { token: sub.endpoint })),
    ).toMatch(/^Wait \d+ s before sending another test notification\.$/);

    // A device disabled after errors that takes a test notification works again (another
    // player's, whose window is free: the window itself is SlidingWindowLimiter's unit test).
    const q = await namedPlayer(suite.server, "Tsq");
    const broken = new TestSubscription(push);
    await addDevice(q, broken, "Phone");
    await suite.server.database.db
      .update(notificationDevices)
      .set({ error: DEVICE_SENDING_ERROR, errorCount: 3 })
      .where(eq(notificationDevices.token, broken.endpoint));
    expect(
      await toastFor(q, () => q.client.send("testNotification", { token: broken.endpoint })),
    ).toBe("Test notification sent to Phone.");
    await push.waitFor(broken.path, 1);
    const row = await deviceRow(broken.endpoint);
    expect(row?.error).toBeNull();
    expect(row?.errorCount).toBe(0);
    p.client.close();
    q.client.close();
  });
});

const withPostgres = testStores().some((f) => f.kind === "postgres");
const redisUp = withPostgres ? await redisReachable() : false;

describe.runIf(withPostgres && redisUp)("push notifications with two processes on Redis", () => {
  let store: TestStore;
  let servers: GameServer[] = [];
  let push: LocalPushService;

  beforeAll(async () => {
    const factory = testStores().find((f) => f.kind === "postgres");
    if (!factory) throw new Error("no PostgreSQL");
    store = await factory.create();
    push = await LocalPushService.start();
    const env = {
      TICK_MS: "60000",
      REDIS_URL: TEST_REDIS_URL,
      PUSH_ENDPOINT_HOSTS: "127.0.0.1",
    };
    servers = [await startTestServer(store, env), await startTestServer(store, env)];
  });

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await push?.stop();
    await store?.dispose();
  });

  it("share one VAPID key and send an event reported by both once", async () => {
    const [one, two] = servers as [GameServer, GameServer];
    const p = await namedPlayer(one, "Two");
    const sub = new TestSubscription(push);
    p.client.send("addDevice", {
      token: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      name: "x",
    });
    const { publicKey } = await p.client.next("notificationSettings");
    expect(two.notifier.sender?.publicKey).toBe(publicKey);
    p.client.close();
    await waitFor(() => !one.sessions.has(p.id));

    const message = { type: "Whisper" as const, title: "t", body: "b", url: "/", tag: "t" };
    for (let i = 0; i < 5; i++) {
      one.notifier.notify(p.id, message, `race-${i}`);
      two.notifier.notify(p.id, message, `race-${i}`);
    }
    await Promise.all(servers.map((s) => s.notifier.idle()));
    const requests = await push.waitFor(sub.path, 5);
    await sleep(200);
    expect(push.to(sub.path)).toHaveLength(5);
    for (const r of requests) await verifyVapid(r, push.origin);
  });

  it("pushes a whisper only when the recipient has no socket on any process", async () => {
    const [one, two] = servers as [GameServer, GameServer];
    const alice = await namedPlayer(one, "Aon");
    const bob = await namedPlayer(two, "Btw");
    const sub = new TestSubscription(push);
    bob.client.send("addDevice", {
      token: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      name: "x",
    });
    await bob.client.next("notificationSettings");
    // The process that registered the device knows Bob has one; the other reads it again.
    expect(two.notifier.owners.mayHave(bob.id)).toBe(true);
    expect(one.notifier.owners.mayHave(bob.id)).toBe(false);
    await one.notifier.owners.refresh();
    expect(one.notifier.owners.mayHave(bob.id)).toBe(true);

    // Bob is online on the other process: the whisper reaches his socket, not his device.
    // (His presence reaches Redis just after his socket opens: wait until this process sees it.)
    for (let i = 0; !(await one.chat.isOnline(bob.id)); i++) {
      if (i > 100) throw new Error("not online in Redis");
      await sleep(50);
    }
    alice.client.send("chat", { text: `/w ${bob.name} across processes` });
    await bob.client.next("chatLine", (l) =>
      l.entry.message.some((part) => part.text.includes("across processes")),
    );
    // Alice's socket handles her messages in order: once a later one is answered, the whisper's
    // handler (and any push it asked for) has run.
    expect(
      await toastFor(alice, () => alice.client.send("chat", { text: "/w Nobody_Here hello" })),
    ).toBe("Player Nobody_Here not found.");
    await one.notifier.idle();
    expect(push.to(sub.path)).toHaveLength(0);

    bob.client.close();
    // Presence in Redis follows the socket; the whisper then goes to his device, once.
    await waitFor(() => !two.sessions.has(bob.id));
    for (let i = 0; await one.chat.isOnline(bob.id); i++) {
      if (i > 100) throw new Error("still online in Redis");
      await sleep(50);
    }
    const toast = await toastFor(alice, () =>
      alice.client.send("chat", { text: `/w ${bob.name} are you away` }),
    );
    expect(toast).toBe(`${bob.name} is offline and will see your whisper next time.`);
    const [request] = await push.waitFor(sub.path, 1);
    expect(JSON.parse(sub.decrypt(request?.body ?? Buffer.alloc(0)))).toMatchObject({
      type: "Whisper",
      title: `Whisper from ${alice.name}`,
    });
    await Promise.all(servers.map((s) => s.notifier.idle()));
    // Once, and only this one: the first whisper reached Bob's socket.
    expect(push.to(sub.path)).toHaveLength(1);
    alice.client.close();
  });
});
