import { LogCategory, LootId, MarketSide } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import {
  connect,
  mark,
  namedPlayer,
  type Player,
  setLoot,
  stateOf,
  toastFor,
} from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const { Buy, Sell } = MarketSide;
const DUST = LootId.ManaDust;
const IRON = LootId.Iron;

describe.each(testStores())("the resource market on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  /** Places an order and returns the toast it answers with. */
  function order(
    p: Player,
    side: MarketSide,
    lootId: number,
    quantity: number,
    unitPrice: number,
    quantityGiven = true,
  ): Promise<string> {
    return toastFor(p, () =>
      p.client.send("createOrder", { side, lootId, quantity, unitPrice, quantityGiven }),
    );
  }

  /** Waits until the player has had `n` toasts since `since`. */
  async function toasts(p: Player, since: number, n: number): Promise<void> {
    let at = since;
    for (let i = 0; i < n; i++) {
      await p.client.next("toast", () => true, { since: at });
      at = p.client.received.findIndex((m, j) => j >= at && m.type === "toast") + 1;
    }
  }

  async function marketLog(p: Player): Promise<string[]> {
    const since = mark(p);
    p.client.send("activityLogPlayer", { filter: LogCategory.Market, cursor: "", search: "" });
    const page = await p.client.next("activityLog", () => true, { since });
    return page.entries.map((e) => e.text);
  }

  /** Mana Dust and each loot held by these players plus what their resting orders hold. */
  async function holdings(players: Player[], lootId: number) {
    const ids = players.map((p) => p.id);
    const rows = resultRows<{ side: number; quantity: string; unit_price: string }>(
      await suite.server.database.db.execute(sql`
        select side, quantity, unit_price from market_orders
        where loot_id = ${lootId} and player_id = any(${`{${ids.join(",")}}`}::int8[])`),
    );
    let dust = players.reduce((s, p) => s + (p.loaded.loot[DUST] ?? 0), 0);
    let goods = players.reduce((s, p) => s + (p.loaded.loot[lootId] ?? 0), 0);
    for (const r of rows) {
      if (Number(r.side) === Buy) dust += Number(r.quantity) * Number(r.unit_price);
      else goods += Number(r.quantity);
    }
    return { dust, goods };
  }

  it("trades between two online players at the resting price, partially, and logs both", async () => {
    const seller = await namedPlayer(suite.server);
    const buyer = await namedPlayer(suite.server);
    setLoot(seller.loaded, IRON, 100);
    setLoot(seller.loaded, DUST, 0);
    setLoot(buyer.loaded, DUST, 10_000);
    setLoot(buyer.loaded, IRON, 0);
    expect(await order(seller, Sell, IRON, 100, 10)).toBe(
      "Your order for 100 Iron waits on the market at 10 each.",
    );
    expect(seller.loaded.loot[IRON]).toBe(0);
    const sellerSince = mark(seller);
    expect(await order(buyer, Buy, IRON, 60, 12)).toBe("Bought 60 Iron for 600 Mana Dust.");
    // The buyer paid the resting price (10), not its own limit (12).
    expect(buyer.loaded.loot[IRON]).toBe(60);
    expect(buyer.loaded.loot[DUST]).toBe(10_000 - 600);
    const trade = await seller.client.next("marketTrade", () => true, { since: sellerSince });
    expect(trade).toEqual({ side: Sell, lootId: IRON, quantity: 60, unitPrice: 10 });
    expect(seller.loaded.loot[DUST]).toBe(600);
    expect(await marketLog(buyer)).toContain(
      `Bought 60 Iron from ${seller.name} for 600 Mana Dust (10 each).`,
    );
    expect(await marketLog(seller)).toContain(
      `Sold 60 Iron to ${buyer.name} for 600 Mana Dust (10 each).`,
    );
    // The seller sees its own remaining order in the book, with its id.
    let since = mark(seller);
    seller.client.send("listOrders", { lootId: IRON });
    const book = await seller.client.next("marketOrders", () => true, { since });
    const own = book.sell.find((o) => o.playerId === seller.id);
    expect(own?.quantity).toBe(40);
    expect(own?.id).toBeGreaterThan(0);
    // Others see the level without who holds it.
    since = mark(buyer);
    buyer.client.send("listOrders", { lootId: IRON });
    const seen = await buyer.client.next("marketOrders", () => true, { since });
    expect(seen.sell.some((o) => o.quantity === 40 && o.unitPrice === 10 && o.id === 0)).toBe(true);
  });

  /** The latest figure of each loot the player's client was told since `since` (a playerUpdate). */
  function told(p: Player, since: number): Record<number, number> {
    const seen: Record<number, number> = {};
    for (const m of p.client.received.slice(since)) {
      if (m.type === "playerUpdate") Object.assign(seen, m.data.patch.loot ?? {});
    }
    return seen;
  }

  it("tells the placer its new balances with the answer to every order it places or edits", async () => {
    const seller = await namedPlayer(suite.server);
    const buyer = await namedPlayer(suite.server);
    setLoot(seller.loaded, LootId.Fish, 700);
    setLoot(seller.loaded, DUST, 0);
    setLoot(buyer.loaded, DUST, 100_000);
    setLoot(buyer.loaded, LootId.Fish, 0);
    // A resting sell: the fish it holds leave the seller's figures.
    let since = mark(seller);
    expect(await order(seller, Sell, LootId.Fish, 600, 90)).toMatch(/waits on the market/);
    expect(told(seller, since)).toMatchObject({ [LootId.Fish]: 100 });
    // A trade: the buyer's fish and dust change by the toast (no tick runs in this suite).
    since = mark(buyer);
    expect(await order(buyer, Buy, LootId.Fish, 600, 100)).toBe(
      "Bought 600 Fish for 54,000 Mana Dust.",
    );
    expect(told(buyer, since)).toEqual({ [LootId.Fish]: 600, [DUST]: 46_000 });
    // A resting buy, then its edits: the dust held by the order leaves and comes back.
    since = mark(buyer);
    expect(await order(buyer, Buy, LootId.Asbestos, 10, 50)).toMatch(/waits/);
    expect(told(buyer, since)).toMatchObject({ [DUST]: 45_500 });
    since = mark(buyer);
    buyer.client.send("refreshMyOrders", {});
    const [mine] = (await buyer.client.next("myOrders", () => true, { since })).orders;
    const orderId = mine?.id as number;
    since = mark(buyer);
    await toastFor(buyer, () =>
      buyer.client.send("updateOrder", { orderId, quantity: 30, myOrders: true }),
    );
    expect(told(buyer, since)).toMatchObject({ [DUST]: 44_500 });
    since = mark(buyer);
    await toastFor(buyer, () =>
      buyer.client.send("updateOrder", { orderId, quantity: 4, myOrders: true }),
    );
    expect(told(buyer, since)).toMatchObject({ [DUST]: 45_800 });
    since = mark(buyer);
    await toastFor(buyer, () => buyer.client.send("cancelOrder", { orderId, myOrders: true }));
    expect(told(buyer, since)).toMatchObject({ [DUST]: 46_000 });
    expect(buyer.loaded.loot[DUST]).toBe(46_000);
  });

  it("sells everything held at any price and never rests such an order", async () => {
    const bidder = await namedPlayer(suite.server);
    const seller = await namedPlayer(suite.server);
    setLoot(bidder.loaded, DUST, 1_000);
    setLoot(seller.loaded, LootId.Wood, 30);
    expect(await order(bidder, Buy, LootId.Wood, 20, 7)).toMatch(/waits on the market/);
    expect(await order(seller, Sell, LootId.Wood, 0, 0, false)).toBe(
      "Sold 20 Wood for 140 Mana Dust.",
    );
    // The 10 nobody wanted came back.
    expect(seller.loaded.loot[LootId.Wood]).toBe(10);
    expect(seller.loaded.loot[DUST]).toBe(140);
    expect(bidder.loaded.loot[LootId.Wood]).toBe(20);
    const since = mark(seller);
    seller.client.send("refreshMyOrders", {});
    expect((await seller.client.next("myOrders", () => true, { since })).orders).toEqual([]);
  });

  it("refuses bad orders and leaves everything as it was", async () => {
    const p = await namedPlayer(suite.server);
    const other = await namedPlayer(suite.server);
    setLoot(p.loaded, DUST, 100);
    setLoot(p.loaded, IRON, 5);
    setLoot(p.loaded, LootId.BoundCodex, 5);
    setLoot(other.loaded, LootId.Fish, 10);
    expect(await order(other, Sell, LootId.Fish, 10, 3)).toMatch(/waits/);
    const before = stateOf(p.loaded);
    const otherBefore = stateOf(other.loaded);
    expect(await order(p, Sell, LootId.BoundCodex, 1, 5)).toBe(
      "Bound Codex cannot be traded on the market.",
    );
    expect(await order(p, Sell, 999, 1, 5)).toBe("Unknown item.");
    expect(await order(p, Sell, IRON, 6, 5)).toBe("You only have 5 Iron.");
    expect(await order(p, Sell, IRON, 0, 5)).toBe("Quantity must be at least 1.");
    expect(await order(p, Buy, IRON, 0, 0, false)).toBe(
      "You need to either enter a price of quantity to buy.",
    );
    expect(await order(p, Buy, IRON, 11, 10)).toBe(
      "You need 110 Mana Dust for that order; you have 100.",
    );
    expect(await order(p, Buy, IRON, 2 ** 52, 2 ** 20)).toBe("That order is too large.");
    expect(await order(p, Buy, IRON, 0, 101, false)).toBe(
      "You cannot afford one Iron at 101 Mana Dust.",
    );
    // Someone else's order id: neither editable nor cancellable.
    const [theirs] = resultRows<{ id: string }>(
      await suite.server.database.db.execute(
        sql`select id from market_orders where player_id = ${other.id}`,
      ),
    );
    const id = Number(theirs?.id);
    expect(
      await toastFor(p, () => p.client.send("cancelOrder", { orderId: id, myOrders: false })),
    ).toBe("That order is not yours or is gone.");
    expect(
      await toastFor(p, () =>
        p.client.send("updateOrder", { orderId: id, quantity: 1, myOrders: true }),
      ),
    ).toBe("That order is not yours or is gone.");
    expect(stateOf(p.loaded)).toBe(before);
    expect(stateOf(other.loaded)).toBe(otherBefore);
  });

  it("allows one open order per item, edits it, and cools a re-post down after a cancel", async () => {
    const p = await namedPlayer(suite.server);
    setLoot(p.loaded, DUST, 10_000);
    expect(await order(p, Buy, LootId.Asbestos, 10, 50)).toMatch(/waits/);
    expect(p.loaded.loot[DUST]).toBe(9_500);
    expect(await order(p, Buy, LootId.Asbestos, 1, 60)).toBe(
      "You already have an open order for Asbestos: edit or cancel it.",
    );
    let since = mark(p);
    p.client.send("refreshMyOrders", {});
    const [mine] = (await p.client.next("myOrders", () => true, { since })).orders;
    const orderId = mine?.id as number;
    expect(
      await toastFor(p, () =>
        p.client.send("updateOrder", { orderId, quantity: 30, myOrders: true }),
      ),
    ).toBe("Your order for Asbestos is now 30.");
    expect(p.loaded.loot[DUST]).toBe(8_500);
    expect(
      await toastFor(p, () =>
        p.client.send("updateOrder", { orderId, quantity: 4, myOrders: true }),
      ),
    ).toBe("Your order for Asbestos is now 4.");
    expect(p.loaded.loot[DUST]).toBe(9_800);
    since = mark(p);
    p.client.send("cancelOrder", { orderId, myOrders: true });
    const after = await p.client.next("myOrders", () => true, { since });
    expect(after.orders).toEqual([]);
    expect(p.loaded.loot[DUST]).toBe(10_000);
    // Another player's order makes the best buy price 50; re-posting at it must wait.
    const rival = await namedPlayer(suite.server);
    setLoot(rival.loaded, DUST, 1_000);
    await order(rival, Buy, LootId.Asbestos, 1, 50);
    expect(await order(p, Buy, LootId.Asbestos, 1, 50)).toMatch(
      /^You cancelled an order for Asbestos less than an hour after placing it\. Wait 10 more minutes, or beat the best buy price by 1% \(at least 51 Mana Dust\)\.$/,
    );
    expect(await order(p, Buy, LootId.Asbestos, 1, 51)).toMatch(/waits/);
    expect(await marketLog(p)).toContain(
      "Cancelled your buy order for 4 Asbestos at 50 Mana Dust each.",
    );
  });

  it("credits an offline seller, committed before the buyer is told", async () => {
    const seller = await namedPlayer(suite.server);
    const buyer = await namedPlayer(suite.server);
    setLoot(seller.loaded, LootId.Elderwood, 50);
    setLoot(seller.loaded, DUST, 0);
    setLoot(buyer.loaded, DUST, 5_000);
    await order(seller, Sell, LootId.Elderwood, 50, 20);
    seller.client.close();
    expect(await order(buyer, Buy, LootId.Elderwood, 50, 0)).toBe(
      "Bought 50 Elderwood for 1,000 Mana Dust.",
    );
    const rows = resultRows<{ dust: string }>(
      await suite.server.database.db.execute(sql`
        select coalesce((select (loot->>'1')::int8 from players where id = ${seller.id}), 0)
          + coalesce((select sum((loot->>'1')::int8) from credits where player_id = ${seller.id}), 0)
          as dust`),
    );
    expect(Number(rows[0]?.dust)).toBe(1_000);
    await suite.restart();
    const back = await connect(suite.server, seller.token);
    expect(back.loaded.loot[DUST]).toBe(1_000);
    expect(back.loaded.loot[LootId.Elderwood]).toBe(0);
  });

  it("keeps the book uncrossed and every unit and dust under racing opposite orders", async () => {
    const traders = await Promise.all(Array.from({ length: 6 }, () => namedPlayer(suite.server)));
    for (const t of traders) {
      setLoot(t.loaded, DUST, 100_000);
      setLoot(t.loaded, LootId.Lodestone, 1_000);
    }
    const before = await holdings(traders, LootId.Lodestone);
    // Every trader sends five orders at once, buys and sells around 100, all players racing.
    await Promise.all(
      traders.map(async (t, i) => {
        const since = mark(t);
        for (let k = 0; k < 5; k++) {
          const side = (i + k) % 2 === 0 ? Buy : Sell;
          const unitPrice = side === Buy ? 95 + k * 3 : 105 - k * 3;
          t.client.send("createOrder", {
            side,
            lootId: LootId.Lodestone,
            quantity: 10 + k,
            unitPrice,
            quantityGiven: true,
          });
        }
        await toasts(t, since, 5);
      }),
    );
    // Half of them cancel what rests, racing the others' new orders.
    await Promise.all(
      traders.map(async (t, i) => {
        let since = mark(t);
        t.client.send("refreshMyOrders", {});
        const mine = await t.client.next("myOrders", () => true, { since });
        since = mark(t);
        if (i % 2 === 0) {
          for (const o of mine.orders)
            t.client.send("cancelOrder", { orderId: o.id, myOrders: true });
          await toasts(t, since, mine.orders.length);
        } else {
          t.client.send("createOrder", {
            side: Sell,
            lootId: LootId.Lodestone,
            quantity: 7,
            unitPrice: 0,
            quantityGiven: true,
          });
          await toasts(t, since, 1);
        }
      }),
    );
    const after = await holdings(traders, LootId.Lodestone);
    expect(after).toEqual(before);
    const [traded] = resultRows<{ n: string }>(
      await suite.server.database.db.execute(
        sql`select count(*) as n from market_trades where loot_id = ${LootId.Lodestone}`,
      ),
    );
    expect(Number(traded?.n)).toBeGreaterThan(0);
    const [spread] = resultRows<{ bid: string | null; ask: string | null }>(
      await suite.server.database.db.execute(sql`
        select (select max(unit_price) from market_orders where loot_id = ${LootId.Lodestone} and side = 1) as bid,
               (select min(unit_price) from market_orders where loot_id = ${LootId.Lodestone} and side = 2) as ask`),
    );
    if (spread?.bid && spread.ask) expect(Number(spread.bid)).toBeLessThan(Number(spread.ask));
  });

  it("publishes the best prices and the price history to the community's tools", async () => {
    const seller = await namedPlayer(suite.server);
    const buyer = await namedPlayer(suite.server);
    setLoot(seller.loaded, LootId.WhitePearl, 10);
    setLoot(buyer.loaded, DUST, 1_000);
    await order(seller, Sell, LootId.WhitePearl, 10, 30);
    await order(buyer, Buy, LootId.WhitePearl, 4, 30);
    const best = await fetch(`${suite.server.url}/api/market`);
    expect(best.headers.get("cache-control")).toBe("public, max-age=5");
    const body = (await best.json()) as {
      Buy: Record<string, number>;
      Sell: Record<string, number>;
    };
    expect(body.Sell[String(LootId.WhitePearl)]).toBe(30);
    const history = await fetch(
      `${suite.server.url}/api/market/${LootId.WhitePearl}/history?interval=day`,
    ).then((r) => r.json() as Promise<{ candles: Array<Record<string, number>> }>);
    expect(history.candles).toHaveLength(1);
    expect(history.candles[0]).toMatchObject({ open: 30, high: 30, low: 30, close: 30, volume: 4 });
    expect(
      (await fetch(`${suite.server.url}/api/market/${LootId.BoundCodex}/history`)).status,
    ).toBe(404);
    expect((await fetch(`${suite.server.url}/api/market/3/history?interval=year`)).status).toBe(
      400,
    );
  });

  it("swaps with the merchant at its rate, within its groups, and refuses the rest", async () => {
    const p = await namedPlayer(suite.server);
    setLoot(p.loaded, LootId.Fish, 1_000);
    setLoot(p.loaded, LootId.Wood, 0);
    setLoot(p.loaded, LootId.TomeOfFire, 10);
    const trade = (sourceLootId: number, amount: number, targetLootId: number, guild = false) =>
      toastFor(p, () =>
        p.client.send("tradeMerchant", {
          sourceLootId,
          amount,
          targetLootId,
          fromGuildFunds: guild,
        }),
      );
    expect(await trade(LootId.Fish, 5, LootId.Wood)).toBe("Traded 5 Fish for 4 Wood.");
    expect(p.loaded.loot[LootId.Fish]).toBe(995);
    expect(p.loaded.loot[LootId.Wood]).toBe(4);
    // Ascension 50 reaches 5 thresholds: 82.5%.
    p.loaded.boosts[109] = 50;
    p.loaded.statsVersion++;
    expect(await trade(LootId.Fish, 200, LootId.Wood)).toBe("Traded 200 Fish for 165 Wood.");
    const before = stateOf(p.loaded);
    expect(await trade(LootId.Fish, 4, LootId.Wood)).toBe("Trade at least 5 Fish.");
    expect(await trade(LootId.Fish, 5_000, LootId.Iron)).toBe("You only have 795 Fish.");
    expect(await trade(LootId.Fish, 10, LootId.TomeOfWater)).toBe(
      "The merchant does not trade Fish for Tome of Water.",
    );
    expect(await trade(LootId.TomeOfFire, 5, LootId.Sageroot)).toBe(
      "The merchant does not trade Tome of Fire for Sageroot.",
    );
    expect(await trade(LootId.Fish, 10, LootId.Wood, true)).toBe("You are not in a guild.");
    expect(stateOf(p.loaded)).toBe(before);
    expect(await marketLog(p)).toContain("Traded 200 Fish for 165 Wood.");
  });
});
