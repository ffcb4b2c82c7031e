import {
  ChatChannel,
  ChatPartKind,
  disenchantPreview,
  infusionCost,
  LootId,
  Rarity,
} from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { combatStats } from "../../src/world/player-view";
import {
  connect,
  giveItem,
  mark,
  namedPlayer,
  type Player,
  setLoot,
  stateOf,
  toastFor,
} from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

describe.each(testStores())("items on $kind", (factory) => {
  // No ticks of its own: the tests tick the world when they want actions.
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  it("drops items after won battles, as result, upsert and loot tracker entry", async () => {
    const p = await namedPlayer(suite.server);
    p.loaded.boosts[102] = 1e6; // drop boost: every won battle drops an item
    p.loaded.statsVersion++;
    const since = mark(p);
    suite.server.world.tick();
    const tick = await p.client.next("battleTick", () => true, { since });
    expect(tick.result.won).toBe(true);
    expect(tick.result.items).toHaveLength(1);
    const dropped = tick.result.items[0]!;
    expect(dropped.id).toBeGreaterThan(0);
    expect(dropped.level).toBe(1);
    expect(dropped.upgradeChance).toBeGreaterThan(0);
    expect(dropped).not.toHaveProperty("rolls");
    await p.client.next("item", (m) => m.id === dropped.id && m.item?.name === dropped.name, {
      since,
    });
    const tracker = await p.client.next("lootTracker", () => true, { since });
    expect(tracker.entries.some((e) => e.item?.id === dropped.id)).toBe(true);
    const inv = mark(p);
    p.client.send("getInventory", {});
    const list = await p.client.next("inventory", () => true, { since: inv });
    expect(list.items.map((i) => i.id)).toContain(dropped.id);
  });

  it("disenchants drops at or below the auto-disenchant preference on the spot", async () => {
    const p = await namedPlayer(suite.server);
    const since = mark(p);
    p.client.send("setAutoDisenchant", { rarity: 3 });
    await p.client.next("playerUpdate", (m) => m.patch.preferences?.autoDisenchant === 3, {
      since,
    });
    p.loaded.boosts[102] = 1e6;
    p.loaded.statsVersion++;
    for (let i = 0; i < 10; i++) suite.server.world.tick();
    await p.client.next("battleTick", () => true, { since });
    const kept = [...p.loaded.inventory.items.values()];
    expect(kept.length).toBeLessThan(10);
    for (const o of kept) expect(o.item.rarity).toBeGreaterThan(Rarity.Rare);
  });

  it("equips an item, raising total spellpower, and swaps the slot's item", async () => {
    const p = await namedPlayer(suite.server);
    const first = giveItem(suite.server, p.loaded, { slot: 1, rarity: Rarity.Legendary });
    const second = giveItem(suite.server, p.loaded, { slot: 1, rarity: Rarity.Common });
    const before = combatStats(p.loaded).totalSpellpower;
    let since = mark(p);
    p.client.send("equipItem", { id: first.item.id });
    const up = await p.client.next("playerUpdate", (m) => m.patch.totalSpellpower !== undefined, {
      since,
    });
    expect(up.patch.totalSpellpower).toBeGreaterThan(before);
    expect(up.patch.totalBoosts?.[8]).toBeGreaterThan(0);
    await p.client.next("item", (m) => m.id === first.item.id && m.item?.isEquipped === true, {
      since,
    });
    since = mark(p);
    p.client.send("equipItem", { id: second.item.id });
    await p.client.next("item", (m) => m.id === first.item.id && m.item?.isEquipped === false, {
      since,
    });
    expect(p.loaded.inventory.equippedIn(1)?.item.id).toBe(second.item.id);
    since = mark(p);
    p.client.send("unequipItem", { slot: 1 });
    const off = await p.client.next("playerUpdate", (m) => m.patch.totalBoosts !== undefined, {
      since,
    });
    expect(off.patch.totalBoosts?.[8]).toBe(0);
    expect(off.patch.totalSpellpower).toBeCloseTo(before, 6);
    expect(await toastFor(p, () => p.client.send("unequipItem", { slot: 1 }))).toBe(
      "Nothing is equipped in that slot.",
    );
  });

  it("refuses gear above the player's level and leaves everything as it was", async () => {
    const p = await namedPlayer(suite.server);
    const heavy = giveItem(suite.server, p.loaded, { slot: 2, level: 500 });
    const before = stateOf(p.loaded);
    expect(await toastFor(p, () => p.client.send("equipItem", { id: heavy.item.id }))).toBe(
      "Requires battle level 500.",
    );
    expect(stateOf(p.loaded)).toBe(before);
  });

  it("refuses every item call on someone else's item", async () => {
    const owner = await namedPlayer(suite.server);
    const other = await namedPlayer(suite.server);
    const item = giveItem(suite.server, owner.loaded, { slot: 1, rarity: Rarity.Epic }).item;
    for (const id of [35, 36, 37, 45, 50, 46, 47, 1]) setLoot(other.loaded, id, 1e12);
    other.loaded.boosts[60] = 5;
    const ownerBefore = stateOf(owner.loaded);
    const otherBefore = stateOf(other.loaded);
    const id = item.id;
    const calls: Array<() => void> = [
      () => other.client.send("equipItem", { id }),
      () => other.client.send("favoriteItem", { id, favorite: true }),
      () =>
        other.client.send("disenchant", { target: id, rarity: 0, itemIds: [], confirmed: true }),
      () => other.client.send("disenchant", { rarity: 0, itemIds: [id], confirmed: true }),
      () => other.client.send("createHeirloom", { id }),
      () => other.client.send("enchantItem", { id, skill: 60, rank: 1 }),
      () => other.client.send("rerollItemPower", { id }),
      () => other.client.send("rerollItemChaos", { id }),
      () => other.client.send("rerollItemDivinity", { id }),
      () => other.client.send("rerollItemPerfection", { id }),
      () => other.client.send("upgradeItemMythic", { id }),
      () => other.client.send("infuseItem", { id, tier: 1 }),
      () => other.client.send("transferItem", { id, to: owner.name, borrow: false }),
      () => other.client.send("returnItem", { id }),
    ];
    for (const call of calls) expect(await toastFor(other, call)).toBe("Item not found.");
    expect(stateOf(owner.loaded)).toBe(ownerBefore);
    expect(stateOf(other.loaded)).toBe(otherBefore);
  });

  it("rerolls with an Orb of Power only when one is held", async () => {
    const p = await namedPlayer(suite.server);
    const owned = giveItem(suite.server, p.loaded, { slot: 4, rarity: Rarity.Rare });
    const before = stateOf(p.loaded);
    expect(await toastFor(p, () => p.client.send("rerollItemPower", { id: owned.item.id }))).toBe(
      "Not enough Orb of Power.",
    );
    expect(stateOf(p.loaded)).toBe(before);
    setLoot(p.loaded, LootId.OrbOfPower, 2);
    const quality = owned.item.quality;
    const since = mark(p);
    p.client.send("rerollItemPower", { id: owned.item.id });
    const up = await p.client.next("playerUpdate", (m) => m.patch.loot !== undefined, { since });
    expect(up.patch.loot?.[LootId.OrbOfPower]).toBe(1);
    const item = await p.client.next("item", (m) => m.id === owned.item.id, { since });
    expect(item.item?.quality).toBeGreaterThanOrEqual(quality);
  });

  it("infuses with mana dust and refuses a lower tier or an empty purse", async () => {
    const p = await namedPlayer(suite.server);
    const owned = giveItem(suite.server, p.loaded, { slot: 3, level: 1 });
    setLoot(p.loaded, LootId.ManaDust, 1_000_000);
    let since = mark(p);
    p.client.send("infuseItem", { id: owned.item.id, tier: 3 });
    const up = await p.client.next("playerUpdate", (m) => m.patch.loot !== undefined, { since });
    expect(up.patch.loot?.[LootId.ManaDust]).toBe(1_000_000 - infusionCost(1, 0, 3));
    const item = await p.client.next("item", (m) => m.id === owned.item.id, { since });
    expect(item.item?.infusions).toBe(3);
    const before = stateOf(p.loaded);
    expect(
      await toastFor(p, () => p.client.send("infuseItem", { id: owned.item.id, tier: 2 })),
    ).toBe("The item is already infused to tier 3.");
    expect(stateOf(p.loaded)).toBe(before);
    setLoot(p.loaded, LootId.ManaDust, 10);
    const poor = stateOf(p.loaded);
    since = mark(p);
    expect(
      await toastFor(p, () => p.client.send("infuseItem", { id: owned.item.id, tier: 50 })),
    ).toBe("Not enough Mana Dust.");
    expect(stateOf(p.loaded)).toBe(poor);
    expect(p.client.received.slice(since).some((m) => m.type === "item")).toBe(false);
  });

  it("previews a disenchant, then disenchants only unequipped non-favourite items", async () => {
    const p = await namedPlayer(suite.server);
    const common = giveItem(suite.server, p.loaded, { slot: 5, rarity: Rarity.Common });
    const rare = giveItem(suite.server, p.loaded, { slot: 6, rarity: Rarity.Rare });
    const favourite = giveItem(suite.server, p.loaded, {
      slot: 7,
      rarity: Rarity.Common,
      favorite: true,
    });
    const worn = giveItem(suite.server, p.loaded, {
      slot: 2,
      rarity: Rarity.Common,
      equipped: true,
    });
    const epic = giveItem(suite.server, p.loaded, { slot: 8, rarity: Rarity.Epic });
    const before = stateOf(p.loaded);
    let since = mark(p);
    p.client.send("disenchant", { rarity: Rarity.Rare, itemIds: [], confirmed: false });
    const preview = await p.client.next("disenchantPreview", () => true, { since });
    expect(preview.itemIds.sort()).toEqual([common.item.id, rare.item.id].sort());
    expect(preview.loot).toEqual(disenchantPreview([common.item, rare.item]).loot);
    expect(stateOf(p.loaded)).toBe(before);
    for (const target of [favourite.item.id, worn.item.id]) {
      const text = await toastFor(p, () =>
        p.client.send("disenchant", { target, rarity: 0, itemIds: [], confirmed: true }),
      );
      expect(text).toMatch(/favourite|Unequip/);
    }
    expect(stateOf(p.loaded)).toBe(before);
    // A drop after the preview: confirming with the previewed ids (as the browser does) keeps it.
    const late = giveItem(suite.server, p.loaded, { slot: 3, rarity: Rarity.Common });
    const dust = p.loaded.loot[LootId.ManaDust] ?? 0;
    since = mark(p);
    p.client.send("disenchant", {
      rarity: Rarity.Rare,
      itemIds: preview.itemIds,
      confirmed: true,
    });
    const up = await p.client.next("playerUpdate", (m) => m.patch.loot !== undefined, { since });
    expect(up.patch.loot?.[LootId.ManaDust]).toBe(dust + (preview.loot[LootId.ManaDust] ?? 0));
    await p.client.next("item", (m) => m.id === rare.item.id && m.item === undefined, { since });
    const left = [...p.loaded.inventory.items.keys()].sort((a, b) => a - b);
    expect(left).toEqual(
      [favourite.item.id, worn.item.id, epic.item.id, late.item.id].sort((a, b) => a - b),
    );
  });

  it("previews nothing to disenchant as an empty list and refuses to confirm it", async () => {
    const p = await namedPlayer(suite.server);
    giveItem(suite.server, p.loaded, { slot: 2, rarity: Rarity.Common, equipped: true });
    const before = stateOf(p.loaded);
    const since = mark(p);
    p.client.send("disenchant", { rarity: Rarity.Rare, itemIds: [], confirmed: false });
    const preview = await p.client.next("disenchantPreview", () => true, { since });
    expect(preview).toEqual({ itemIds: [], loot: {} });
    const text = await toastFor(p, () =>
      p.client.send("disenchant", { rarity: Rarity.Rare, itemIds: [], confirmed: true }),
    );
    expect(text).toBe("There is nothing to disenchant.");
    expect(stateOf(p.loaded)).toBe(before);
  });

  it("shows any item by id and resolves chat links to the real item", async () => {
    const owner = await namedPlayer(suite.server);
    const viewer = await namedPlayer(suite.server);
    const item = giveItem(suite.server, owner.loaded, { slot: 1, rarity: Rarity.Epic }).item;
    let since = mark(viewer);
    viewer.client.send("getItem", { id: item.id });
    const one = await viewer.client.next("item", (m) => m.id === item.id, { since });
    expect(one.item).toMatchObject({ name: item.name, rarity: Rarity.Epic, level: item.level });
    since = mark(viewer);
    viewer.client.send("getItem", { id: 987_654_321 });
    expect((await viewer.client.next("item", () => true, { since })).item).toBeUndefined();
    since = mark(viewer);
    viewer.client.send("getItems", { ids: [item.id, 987_654_321] });
    const many = await viewer.client.next("itemLookups", () => true, { since });
    expect(many.items.map((i) => i.id)).toEqual([item.id]);
    expect(many.missing).toEqual([987_654_321]);
    since = mark(viewer);
    viewer.client.send("getItemPercentiles", { id: item.id });
    const pct = await viewer.client.next("itemPercentiles", () => true, { since });
    expect(Object.keys(pct.percentiles).map(Number).sort()).toEqual(
      Object.keys(item.rolls).map(Number).sort(),
    );
    await owner.client.next("chatHistory");
    await viewer.client.next("chatHistory");
    since = mark(viewer);
    owner.client.send("chat", {
      channel: ChatChannel.General,
      text: `look [[item:${item.id}:Fake:7]]`,
    });
    const line = await viewer.client.next("chatLine", () => true, { since });
    expect(line.entry.message).toContainEqual(
      expect.objectContaining({ kind: ChatPartKind.Item, text: item.name, rarity: Rarity.Epic }),
    );
  });

  it("keeps items, their flags and equipment across a graceful restart", async () => {
    const p: Player = await namedPlayer(suite.server);
    const worn = giveItem(suite.server, p.loaded, { slot: 1, rarity: Rarity.Rare, equipped: true });
    const fav = giveItem(suite.server, p.loaded, {
      slot: 2,
      rarity: Rarity.Uncommon,
      favorite: true,
    });
    const list = () => [...p.loaded.inventory.items.values()].map((o) => o.item.id).sort();
    const ids = list();
    await suite.restart();
    const again = await connect(suite.server, p.token);
    const byId = new Map(again.inventory.map((i) => [i.id, i]));
    expect([...byId.keys()].sort()).toEqual(ids);
    expect(byId.get(worn.item.id)).toMatchObject({ isEquipped: true, name: worn.item.name });
    expect(byId.get(worn.item.id)?.boosts).toEqual(worn.item.boosts);
    expect(byId.get(fav.item.id)).toMatchObject({ favorite: true, isEquipped: false });
    expect(again.loaded.inventory.get(worn.item.id)?.item.rolls).toEqual(worn.item.rolls);
    expect(suite.server.itemIds.take()).toBeGreaterThan(Math.max(...ids));
  });
});
