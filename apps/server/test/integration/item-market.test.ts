import { LogCategory, LootId } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import {
  connect,
  giveItem,
  guestPlayer,
  mark,
  namedPlayer,
  type Player,
  setLoot,
  stateOf,
  toastFor,
} from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { sleep } from "../support/wait";

const DUST = LootId.ManaDust;
const NO_FILTERS = { onlyInfused: false } as const;

describe.each(testStores())("the equipment market on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  /** Lists an item and returns the listing's id (from the seller's refreshed my-orders). */
  async function list(p: Player, itemId: number, price: number): Promise<number> {
    const since = mark(p);
    const toast = await toastFor(p, () => p.client.send("createItemOrder", { itemId, price }));
    expect(toast).toMatch(/^Listed .+ for [\d,]+ Mana Dust\.$/);
    const mine = await p.client.next("myOrders", () => true, { since });
    const listing = mine.itemOrders.find((o) => o.item.id === itemId);
    if (!listing) throw new Error("listing not in my orders");
    return listing.id;
  }

  async function search(p: Player, filters: Record<string, unknown> = {}) {
    const since = mark(p);
    p.client.send("listItemOrders", { ...NO_FILTERS, ...filters });
    return p.client.next("itemOrders", () => true, { since });
  }

  async function marketLog(p: Player): Promise<string[]> {
    const since = mark(p);
    p.client.send("activityLogPlayer", { filter: LogCategory.Market, cursor: "", search: "" });
    const page = await p.client.next("activityLog", () => true, { since });
    return page.entries.map((e) => e.text);
  }

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return resultRows<T>(await suite.server.database.db.execute(query));
  }

  it("lists an item out of the inventory, finds it by search, and sells it at the price seen", async () => {
    const seller = await namedPlayer(suite.server);
    const buyer = await namedPlayer(suite.server);
    const owned = giveItem(suite.server, seller.loaded, { slot: 3, rarity: 4, level: 40 });
    const itemId = owned.item.id;
    setLoot(seller.loaded, DUST, 0);
    setLoot(buyer.loaded, DUST, 10_000);

    const orderId = await list(seller, itemId, 2_500);
    // Escrow: the item left the inventory and the items table; it cannot be used meanwhile.
    expect(seller.loaded.inventory.get(itemId)).toBeUndefined();
    expect(await rows(sql`select id from items where id = ${itemId}`)).toHaveLength(0);
    expect(await toastFor(seller, () => seller.client.send("equipItem", { id: itemId }))).toMatch(
      /not found/i,
    );
    expect(
      await toastFor(seller, () =>
        seller.client.send("transferItem", { id: itemId, to: buyer.name, borrow: false }),
      ),
    ).toMatch(/not found/i);

    const found = await search(buyer, { slot: 3, rarity: 4, minLevel: 40, maxLevel: 40 });
    const row = found.orders.find((o) => o.id === orderId);
    expect(row?.unitPrice).toBe(2_500);
    expect(row?.playerName).toBe(seller.name);
    expect(row?.item.id).toBe(itemId);
    expect(found.append).toBe(false);
    // Filters that exclude it.
    expect((await search(buyer, { maxPrice: 2_499 })).orders.some((o) => o.id === orderId)).toBe(
      false,
    );
    expect((await search(buyer, { slot: 4 })).orders.some((o) => o.id === orderId)).toBe(false);

    const sellerSince = mark(seller);
    const since = mark(buyer);
    expect(
      await toastFor(buyer, () => buyer.client.send("buyItemOrder", { orderId, price: 2_500 })),
    ).toBe(`Bought ${owned.item.name} for 2,500 Mana Dust.`);
    const added = await buyer.client.next("item", (m) => m.id === itemId, { since });
    expect(added.item?.name).toBe(owned.item.name);
    expect(await buyer.client.next("itemOrder", () => true, { since })).toEqual({ orderId });
    expect(buyer.loaded.loot[DUST]).toBe(7_500);
    expect(buyer.loaded.inventory.get(itemId)?.ownerId).toBe(buyer.id);
    // The seller is paid and told, and both logs say so.
    expect(
      await seller.client.next("itemOrder", (m) => m.orderId === orderId, { since: sellerSince }),
    ).toEqual({ orderId });
    expect(seller.loaded.loot[DUST]).toBe(2_500);
    expect(await marketLog(buyer)).toContain(
      `Bought ${owned.item.name} from ${seller.name} for 2,500 Mana Dust.`,
    );
    expect(await marketLog(seller)).toContain(
      `Sold ${owned.item.name} to ${buyer.name} for 2,500 Mana Dust.`,
    );
    // The listing is gone; buying again is refused with nothing changed.
    const before = stateOf(buyer.loaded);
    expect(
      await toastFor(buyer, () => buyer.client.send("buyItemOrder", { orderId, price: 2_500 })),
    ).toBe("That listing is gone: someone bought it or it was withdrawn.");
    expect(stateOf(buyer.loaded)).toBe(before);
  });

  it("refuses a changed price, one's own listing, too little dust, and others' listings", async () => {
    const seller = await namedPlayer(suite.server);
    const other = await namedPlayer(suite.server);
    const owned = giveItem(suite.server, seller.loaded, { slot: 2 });
    setLoot(other.loaded, DUST, 1_000);
    const orderId = await list(seller, owned.item.id, 500);

    // Repriced after the buyer looked: the old price is refused and the new one told.
    let since = mark(seller);
    expect(
      await toastFor(seller, () =>
        seller.client.send("updateItemOrder", { orderId, unitPrice: 800 }),
      ),
    ).toBe("Your listing now asks 800 Mana Dust.");
    expect((await seller.client.next("itemOrder", () => true, { since })).order?.unitPrice).toBe(
      800,
    );
    const before = stateOf(other.loaded);
    since = mark(other);
    expect(
      await toastFor(other, () => other.client.send("buyItemOrder", { orderId, price: 500 })),
    ).toBe(`The price of ${owned.item.name} is now 800 Mana Dust; look again before buying.`);
    expect((await other.client.next("itemOrder", () => true, { since })).order?.unitPrice).toBe(
      800,
    );
    expect(stateOf(other.loaded)).toBe(before);

    // Too little dust.
    setLoot(other.loaded, DUST, 799);
    expect(
      await toastFor(other, () => other.client.send("buyItemOrder", { orderId, price: 800 })),
    ).toBe("You need 800 Mana Dust to buy that.");
    expect(other.loaded.loot[DUST]).toBe(799);

    // One's own listing.
    expect(
      await toastFor(seller, () => seller.client.send("buyItemOrder", { orderId, price: 800 })),
    ).toBe("That is your own listing.");

    // Someone else's listing cannot be repriced or withdrawn.
    for (const act of [
      () => other.client.send("updateItemOrder", { orderId, unitPrice: 1 }),
      () => other.client.send("cancelItemOrder", { orderId }),
    ]) {
      expect(await toastFor(other, act)).toBe("That listing is not yours or is gone.");
    }
    const [row] = await rows<{ unit_price: string; seller_id: string }>(
      sql`select unit_price, seller_id from item_orders where id = ${orderId}`,
    );
    expect(Number(row?.unit_price)).toBe(800);
    expect(Number(row?.seller_id)).toBe(seller.id);

    // Bad prices and items.
    const spare = giveItem(suite.server, seller.loaded, { slot: 5 });
    const equipped = giveItem(suite.server, seller.loaded, { slot: 6, equipped: true });
    const refusals: Array<[Record<string, number>, RegExp]> = [
      [{ itemId: spare.item.id, price: 0 }, /at least 1 Mana Dust/],
      [{ itemId: equipped.item.id, price: 10 }, /^Unequip .+ before selling it\.$/],
      [{ itemId: owned.item.id, price: 10 }, /^Item not found\.$/],
      [{ itemId: 9_999_999_999, price: 10 }, /^Item not found\.$/],
    ];
    for (const [payload, expected] of refusals) {
      const state = stateOf(seller.loaded);
      expect(
        await toastFor(seller, () =>
          seller.client.send("createItemOrder", payload as { itemId: number; price: number }),
        ),
      ).toMatch(expected);
      expect(stateOf(seller.loaded)).toBe(state);
    }
    expect(seller.loaded.inventory.get(spare.item.id)).toBeDefined();
  });

  it("withdraws a listing back into the inventory, and pages search results with the cursor", async () => {
    const seller = await namedPlayer(suite.server);
    const viewer = await namedPlayer(suite.server);
    // A skill no other test lists, so this search sees only these.
    const items = Array.from({ length: 30 }, (_, i) =>
      giveItem(suite.server, seller.loaded, { slot: 8, rarity: 2, level: 777, seed: 1_000 + i }),
    );
    const ids: number[] = [];
    for (const it of items) {
      ids.push(await list(seller, it.item.id, 100 + ids.length));
      await sleep(60); // under the socket's rate limit
    }
    const first = await search(viewer, { minLevel: 777, maxLevel: 777, slot: 8 });
    expect(first.orders).toHaveLength(25);
    expect(first.hasMore).toBe(true);
    // Newest first.
    expect(first.orders[0]?.id).toBe(ids[29]);
    const next = await search(viewer, {
      minLevel: 777,
      maxLevel: 777,
      slot: 8,
      lastOrder: first.orders.at(-1)?.id,
    });
    expect(next.append).toBe(true);
    expect(next.hasMore).toBe(false);
    expect(next.orders.map((o) => o.id)).toEqual(ids.slice(0, 5).reverse());

    const since = mark(seller);
    const withdrawn = ids[0] as number;
    expect(
      await toastFor(seller, () => seller.client.send("cancelItemOrder", { orderId: withdrawn })),
    ).toBe(`Withdrew ${items[0]?.item.name} from the market.`);
    const back = await seller.client.next("item", (m) => m.id === items[0]?.item.id, { since });
    expect(back.item?.isEquipped).toBe(false);
    expect(seller.loaded.inventory.get(items[0]?.item.id as number)).toBeDefined();
    const [row] = await rows<{ owner_id: string }>(
      sql`select owner_id from items where id = ${items[0]?.item.id}`,
    );
    expect(Number(row?.owner_id)).toBe(seller.id);
  });

  it("finds listings by boosts, quality and infusion", async () => {
    const seller = await namedPlayer(suite.server);
    const owned = giveItem(suite.server, seller.loaded, { slot: 7, rarity: 5, level: 913 });
    const boosts = Object.keys(owned.item.boosts).map(Number);
    const orderId = await list(seller, owned.item.id, 42);
    const base = { minLevel: 913, maxLevel: 913 };
    const hit = async (f: Record<string, unknown>) =>
      (await search(seller, { ...base, ...f })).orders.some((o) => o.id === orderId);
    expect(await hit({ boost: boosts[0] })).toBe(true);
    expect(await hit({ boost: boosts[0], secondaryBoost: boosts[1] })).toBe(true);
    expect(await hit({ boost: 9_999 })).toBe(false);
    expect(await hit({ onlyInfused: true })).toBe(false);
    const quality = Math.floor(owned.item.quality * 100);
    expect(await hit({ minQuality: quality })).toBe(true);
    expect(await hit({ minQuality: Math.min(99, quality + 1) })).toBe(quality >= 99);
    expect(
      await toastFor(seller, () =>
        seller.client.send("listItemOrders", { ...NO_FILTERS, skill: 9 }),
      ),
    ).toBe("Unknown skill.");
  });

  it("pays an offline seller, keeps a listing across a restart, and lets a guest list", async () => {
    const seller = await guestPlayer(suite.server);
    const buyer = await namedPlayer(suite.server);
    const sold = giveItem(suite.server, seller.loaded, { slot: 1 });
    const kept = giveItem(suite.server, seller.loaded, { slot: 4 });
    setLoot(seller.loaded, DUST, 0);
    setLoot(buyer.loaded, DUST, 1_000);
    const soldId = await list(seller, sold.item.id, 300);
    const keptId = await list(seller, kept.item.id, 400);
    seller.client.close();
    expect(
      await toastFor(buyer, () =>
        buyer.client.send("buyItemOrder", { orderId: soldId, price: 300 }),
      ),
    ).toBe(`Bought ${sold.item.name} for 300 Mana Dust.`);
    await suite.restart();
    const back = await connect(suite.server, seller.token);
    expect(back.loaded.loot[DUST]).toBe(300);
    expect(back.loaded.inventory.get(kept.item.id)).toBeUndefined();
    const again = await connect(suite.server, buyer.token);
    expect(again.loaded.inventory.get(sold.item.id)?.ownerId).toBe(buyer.id);
    expect(again.loaded.loot[DUST]).toBe(700);
    const since = mark(back);
    back.client.send("refreshMyOrders", {});
    const mine = await back.client.next("myOrders", () => true, { since });
    expect(mine.itemOrders.map((o) => o.id)).toEqual([keptId]);
  });

  it("sells a listing once when two buyers race for it", async () => {
    const seller = await namedPlayer(suite.server);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => namedPlayer(suite.server)));
    const owned = giveItem(suite.server, seller.loaded, { slot: 2, rarity: 3 });
    setLoot(seller.loaded, DUST, 0);
    for (const b of buyers) setLoot(b.loaded, DUST, 1_000);
    const orderId = await list(seller, owned.item.id, 600);
    const answers = await Promise.all(
      buyers.map((b) => toastFor(b, () => b.client.send("buyItemOrder", { orderId, price: 600 }))),
    );
    expect(answers.filter((t) => t.startsWith("Bought"))).toHaveLength(1);
    const dust = buyers.reduce((s, b) => s + (b.loaded.loot[DUST] ?? 0), 0);
    expect(dust).toBe(4 * 1_000 - 600);
    expect(buyers.filter((b) => b.loaded.inventory.get(owned.item.id)).length).toBe(1);
    await expect.poll(() => seller.loaded.loot[DUST]).toBe(600);
  });
});
