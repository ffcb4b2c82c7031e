import { BoostId, LootId, SHOP_EUROS_ERROR } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeSession,
  FakeStripe,
  sessionEvent,
  signPayload,
} from "../support/fake-stripe";
import {
  connect,
  guestPlayer,
  mark,
  namedPlayer,
  type Player,
  stateOf,
  takeOffline,
  toastFor,
} from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitFor } from "../support/wait";

/**
 * Real payments (docs/features/premium-shop.md "Premium shop"): a Stripe Checkout Session per purchase
 * and its signed webhook, against a fake of Stripe's API; credits through the credits table.
 */
describe.each(testStores())("premium payments on $kind", (factory) => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await FakeStripe.start();
  });
  afterAll(async () => {
    await stripe?.close();
  });

  const suite = serverSuite(factory, () => ({
    TICK_MS: "60000",
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL: "https://play.example.org",
  }));

  beforeAll(() => {
    stripe.webhookUrl = `${suite.server.url}/api/shop/webhook`;
  });

  const q = async <T>(query: ReturnType<typeof sql>) =>
    resultRows<T>(await suite.server.database.db.execute(query));

  /** Starts a checkout and returns the fake's session for it. */
  async function checkout(p: Player, euros: number, anonymous = false): Promise<FakeSession> {
    const since = mark(p);
    p.client.send("shopPurchase", { euros, anonymous });
    const { url, key } = await p.client.next("paymentRedirect", () => true, { since });
    const session = stripe.sessions.get(key);
    if (!session) throw new Error("no session at the fake");
    expect(url).toBe(session.url);
    return session;
  }

  const paid = (s: FakeSession): FakeSession => ({
    ...s,
    payment_status: "paid",
    status: "complete",
  });

  it("a paid checkout credits Codex, Crystallized Mana and Ascension once", async () => {
    const p = await namedPlayer(suite.server, "Buy");
    const session = await checkout(p, 20);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 2000,
      currency: "eur",
      client_reference_id: String(p.id),
      metadata: { playerId: String(p.id), euros: "20" },
      success_url: "https://play.example.org/shop?checkout=success",
    });
    const before = stateOf(p.loaded);

    // Forged: signed with another secret, or a body that is not the one signed.
    expect(
      (await stripe.sendWebhook(paid(session), { secret: "whsec_not_ours_at_all" })).status,
    ).toBe(400);
    const payload = JSON.stringify(sessionEvent(paid(session)));
    const tampered = await fetch(stripe.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signPayload(payload) },
      body: payload.replace('"amount_total":2000', '"amount_total":2001'),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(stripe.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    // An event of another kind, or a session not paid yet, credits nothing.
    expect((await stripe.sendWebhook(session)).body).toContain('"ignored"');
    expect(
      (await stripe.sendWebhook(paid(session), { type: "checkout.session.expired" })).body,
    ).toContain('"ignored"');
    expect(stateOf(p.loaded)).toBe(before);

    const since = mark(p);
    const done = await stripe.pay(session.id);
    expect(done).toMatchObject({ status: 200 });
    expect(done.body).toContain('"credited"');
    await waitFor(() => (p.loaded.loot[LootId.CrystallizedMana] ?? 0) === 20);
    expect(p.loaded.loot[LootId.Codex]).toBe(200);
    expect(p.loaded.boosts[BoostId.Ascension]).toBe(20);
    const shop = await p.client.next("premiumShop", () => true, { since });
    expect(shop.shop).toMatchObject({
      codexPerEuro: 10,
      titles: ["Novice", "Apprentice", "Adept"],
      nextTitle: "Conjurer",
      nextTitleCost: 15,
      available: true,
    });
    expect(
      (await p.client.next("toast", (t) => t.text.startsWith("Thank you"), { since })).text,
    ).toBe(
      "Thank you for your purchase! 200 Codex, 20 Crystallized Mana and 20 Ascension points are yours.",
    );

    // Replayed (Stripe retries; an attacker resends a captured one): credited once only.
    const replay = await stripe.sendWebhook(paid(session));
    expect(replay).toMatchObject({ status: 200 });
    expect(replay.body).toContain('"duplicate"');
    await suite.server.inbox.sweep(p.id);
    expect(p.loaded.loot[LootId.CrystallizedMana]).toBe(20);
    const [row] = await q<{ status: number; player_id: string }>(
      sql`select status, player_id from premium_purchases where session_id = ${session.id}`,
    );
    expect(row).toMatchObject({ status: 2 });
  });

  it("a session settled by several deliveries at once is credited once", async () => {
    const p = await namedPlayer(suite.server, "Race");
    const session = await checkout(p, 5);
    // Stripe sends both events of an asynchronous payment, retries, and may deliver them
    // side by side (to two processes behind a balancer, too): one settles, the others see it.
    const answers = await Promise.all([
      stripe.sendWebhook(paid(session)),
      stripe.sendWebhook(paid(session), { type: "checkout.session.async_payment_succeeded" }),
      stripe.sendWebhook(paid(session)),
      stripe.sendWebhook(paid(session)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const outcomes = answers.map((a) => (JSON.parse(a.body) as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === "credited")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(3);
    await waitFor(() => (p.loaded.loot[LootId.CrystallizedMana] ?? 0) === 5);
    await suite.server.inbox.sweep(p.id);
    expect(p.loaded.loot[LootId.CrystallizedMana]).toBe(5);
    expect(p.loaded.loot[LootId.Codex]).toBe(50);
    const [credits] = await q<{ n: string | number }>(
      sql`select count(*) as n from premium_purchases
        where player_id = ${p.id} and status = 2`,
    );
    expect(Number(credits?.n)).toBe(1);
  });

  it("refuses a webhook signed too long ago (a captured one replayed later)", async () => {
    const p = await namedPlayer(suite.server, "Old");
    const session = await checkout(p, 5);
    const before = stateOf(p.loaded);
    const payload = JSON.stringify(sessionEvent(paid(session)));
    // Stripe's tolerance is 5 minutes; this one was signed 10 minutes ago.
    const stale = await fetch(stripe.webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signPayload(
          payload,
          FAKE_WEBHOOK_SECRET,
          Math.floor(Date.now() / 1000) - 600,
        ),
      },
      body: payload,
    });
    expect(stale.status).toBe(400);
    await suite.server.inbox.sweep(p.id);
    expect(stateOf(p.loaded)).toBe(before);
    const [row] = await q<{ status: number }>(
      sql`select status from premium_purchases where session_id = ${session.id}`,
    );
    expect(row?.status).toBe(1);
  });

  it("credits the player who started the checkout, whatever the session's metadata says", async () => {
    const victim = await namedPlayer(suite.server, "Vic");
    const buyer = await namedPlayer(suite.server, "Own");
    const session = await checkout(buyer, 5);
    const forged = {
      ...paid(session),
      client_reference_id: String(victim.id),
      metadata: { playerId: String(victim.id), euros: "500" },
    };
    const before = stateOf(victim.loaded);
    expect((await stripe.sendWebhook(forged)).body).toContain('"credited"');
    await waitFor(() => (buyer.loaded.loot[LootId.CrystallizedMana] ?? 0) === 5);
    expect(buyer.loaded.loot[LootId.Codex]).toBe(50);
    expect(stateOf(victim.loaded)).toBe(before);
  });

  it("a session the server did not create, or paid with another amount, credits nothing", async () => {
    const p = await namedPlayer(suite.server, "Odd");
    const session = await checkout(p, 10);
    const before = stateOf(p.loaded);
    const stranger: FakeSession = { ...paid(session), id: "cs_test_00000000000000000000dead" };
    expect((await stripe.sendWebhook(stranger)).body).toContain('"unknown"');
    const cheaper = { ...paid(session), amount_total: 100 };
    expect((await stripe.sendWebhook(cheaper)).body).toContain('"mismatch"');
    const dollars = { ...paid(session), currency: "usd" };
    expect((await stripe.sendWebhook(dollars)).body).toContain('"mismatch"');
    await suite.server.inbox.sweep(p.id);
    expect(stateOf(p.loaded)).toBe(before);
    // Still pending: the right payment is credited.
    expect((await stripe.pay(session.id)).body).toContain('"credited"');
    await waitFor(() => (p.loaded.loot[LootId.CrystallizedMana] ?? 0) === 10);
  });

  it("refuses amounts outside 5-500 euros and guests, and starts no checkout", async () => {
    const p = await namedPlayer(suite.server, "Amt");
    const sessions = stripe.sessions.size;
    for (const euros of [0, 4, 501, 65_535]) {
      expect(
        await toastFor(p, () => p.client.send("shopPurchase", { euros, anonymous: false })),
      ).toBe(SHOP_EUROS_ERROR);
    }
    const guest = await guestPlayer(suite.server);
    expect(
      await toastFor(guest, () => guest.client.send("shopPurchase", { euros: 5, anonymous: true })),
    ).toBe("Guest accounts cannot buy; claim your account in Settings first.");
    expect(stripe.sessions.size).toBe(sessions);
  });

  it("a buyer who is offline gets the purchase when next loaded", async () => {
    const p = await namedPlayer(suite.server, "Off");
    const session = await checkout(p, 5, true);
    await takeOffline(suite.server, p);
    expect((await stripe.pay(session.id)).body).toContain('"credited"');
    const [credit] = await q<{ loot: Record<string, number> }>(
      sql`select loot from credits where player_id = ${p.id}`,
    );
    expect(credit?.loot).toEqual({ [LootId.Codex]: 50, [LootId.CrystallizedMana]: 5 });
    const again = await connect(suite.server, p.token);
    expect(again.loaded.loot[LootId.CrystallizedMana]).toBe(5);
    expect(again.loaded.boosts[BoostId.Ascension]).toBe(5);
    // Anonymous: the shop's box starts ticked next time.
    again.client.send("getPremiumShop", {});
    expect((await again.client.next("premiumShop")).shop.anon).toBe(true);
  });

  it("pays a referrer 5% of the Codex when both have a linked identity provider", async () => {
    const referrer = await namedPlayer(suite.server, "Ref");
    const linked = await namedPlayer(suite.server, "Lnk");
    const unlinked = await namedPlayer(suite.server, "Unl");
    for (const p of [linked, unlinked]) {
      await q(sql`update accounts set referrer_id = ${referrer.id}
        where id = ${p.loaded.accountId}`);
    }
    for (const p of [referrer, linked]) {
      await q(sql`insert into identities (account_id, provider, provider_id)
        values (${p.loaded.accountId}, 'testid', ${`sub-${p.id}`})`);
    }
    const since = mark(referrer);
    await stripe.pay((await checkout(unlinked, 20)).id);
    await stripe.pay((await checkout(linked, 20)).id);
    await waitFor(() => (referrer.loaded.loot[LootId.Codex] ?? 0) === 10);
    await suite.server.inbox.sweep(referrer.id);
    expect(referrer.loaded.loot[LootId.Codex]).toBe(10);
    expect(
      (await referrer.client.next("toast", (t) => t.text.includes("whom you referred"), { since }))
        .text,
    ).toBe(`${linked.name}, whom you referred, bought Codex: 10 Codex for you.`);
    expect(referrer.loaded.loot[LootId.CrystallizedMana] ?? 0).toBe(0);
    referrer.client.send("getPremiumShop", {});
    const update = await referrer.client.next(
      "playerUpdate",
      (u) => u.patch.referrerRewards !== undefined,
      { since },
    );
    expect(update.patch.referrerRewards).toEqual({ [LootId.Codex]: 10 });
  });
});
