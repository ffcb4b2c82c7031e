import {
  ActionType,
  BATTLE_XP_BASE,
  enchantingSkillCap,
  experienceForLevel,
  GATHER_XP_BASE,
  LootId,
  Rarity,
} from "@manaspire/game";
import type { PlayerPatch, Item as WireItem } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { Col, markDirty } from "../../src/world/player-columns";
import { totalBoosts } from "../../src/world/player-view";
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

const INFERNO = 60; // enchant skill (rank boost 60, value boost 80, reagent Infernal Heart)

describe.each(testStores())("item upgrades on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  /** The toast of a refused call; the call changed nothing and sent no item or update. */
  async function refused(p: Player, act: () => void): Promise<string> {
    const before = stateOf(p.loaded);
    const since = mark(p);
    const text = await toastFor(p, act);
    expect(stateOf(p.loaded)).toBe(before);
    const sent = p.client.received.slice(since).map((m) => m.type);
    expect(sent).not.toContain("item");
    expect(sent).not.toContain("playerUpdate");
    return text;
  }

  /** The loot update and the new item of a successful upgrade call. */
  async function upgraded(
    p: Player,
    id: number,
    act: () => void,
  ): Promise<{ patch: PlayerPatch; item: WireItem }> {
    const since = mark(p);
    act();
    const up = await p.client.next("playerUpdate", (m) => m.patch.loot !== undefined, { since });
    const item = await p.client.next("item", (m) => m.id === id, { since });
    if (!item.item) throw new Error("item removed");
    return { patch: up.patch, item: item.item };
  }

  function expectScaled(
    after: Readonly<Record<number, number>>,
    before: Readonly<Record<number, number>>,
    factor: number,
  ): void {
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const [k, v] of Object.entries(before)) {
      expect(after[Number(k)]).toBeCloseTo(v * factor, 1);
    }
  }

  it("enchants at 3 reagents per rank and refuses without skill, reagents or above the cap", async () => {
    const p = await namedPlayer(suite.server);
    // giveItem's record is the live one: keep the item value as it was given.
    const worn = giveItem(suite.server, p.loaded, {
      slot: 3,
      rarity: Rarity.Rare,
      equipped: true,
    }).item;
    const id = worn.id;
    const enchant = (rank: number, skill = INFERNO) =>
      p.client.send("enchantItem", { id, skill, rank });
    setLoot(p.loaded, LootId.InfernalHeart, 1_000);
    expect(await refused(p, () => enchant(2))).toBe(
      "Rank 2 needs Inferno skill rank 2 (you have 0).",
    );
    p.loaded.boosts[INFERNO] = 1_000;
    const cap = enchantingSkillCap(Date.now());
    expect(await refused(p, () => enchant(cap + 1))).toBe(
      `Enchant rank cannot exceed the enchanting cap of ${cap}.`,
    );
    expect(await refused(p, () => enchant(0))).toBe(
      "Enchant rank must be a whole number of at least 1.",
    );
    expect(await refused(p, () => enchant(2, 59))).toBe("Unknown enchant.");
    p.loaded.boosts[INFERNO] = 5;
    setLoot(p.loaded, LootId.InfernalHeart, 8);
    expect(await refused(p, () => enchant(3))).toBe("Not enough Infernal Heart.");

    // Rank 2 costs 6; raising it to 5 costs only the 3 new ranks: 9.
    setLoot(p.loaded, LootId.InfernalHeart, 20);
    let done = await upgraded(p, id, () => enchant(2));
    expect(done.patch.loot).toEqual({ [LootId.InfernalHeart]: 14 });
    expect(done.item.boosts).toMatchObject({ 60: 2, 80: 2 });
    // The item is worn: the enchant reaches the total boosts at once.
    expect(done.patch.totalBoosts).toMatchObject({ 60: 2, 80: 2 });
    done = await upgraded(p, id, () => enchant(5));
    expect(done.patch.loot).toEqual({ [LootId.InfernalHeart]: 5 });
    expect(done.item.boosts).toMatchObject({ 60: 5, 80: 5 });
    for (const [k, v] of Object.entries(worn.boosts)) {
      expect(done.item.boosts[Number(k)]).toBe(v);
    }
    expect(await refused(p, () => enchant(4))).toBe("The item already has Inferno at rank 5.");
    expect(p.loaded.boosts[INFERNO]).toBe(5); // the skill is not spent
  });

  it("turns a Legendary into an Heirloom for an Orb of Legacy: half power, no level needed", async () => {
    const p = await namedPlayer(suite.server);
    const epic = giveItem(suite.server, p.loaded, { slot: 2, rarity: Rarity.Epic, level: 500 });
    const legendary = giveItem(suite.server, p.loaded, {
      slot: 2,
      rarity: Rarity.Legendary,
      level: 500,
    }).item;
    const id = legendary.id;
    const heirloom = (target = id) => p.client.send("createHeirloom", { id: target });
    expect(await refused(p, () => heirloom())).toBe("Not enough Orb of Legacy.");
    setLoot(p.loaded, LootId.OrbOfLegacy, 2);
    expect(await refused(p, () => heirloom(epic.item.id))).toBe(
      "Only Legendary items can become Heirlooms.",
    );
    expect(await refused(p, () => p.client.send("equipItem", { id }))).toBe(
      "Requires battle level 500.",
    );

    const done = await upgraded(p, id, () => heirloom());
    expect(done.patch.loot).toEqual({ [LootId.OrbOfLegacy]: 1 });
    expect(done.patch.totalBoosts).toBeUndefined(); // not worn
    expect(done.item).toMatchObject({ rarity: Rarity.Heirloom, level: 500, slot: 2 });
    expectScaled(done.item.boosts, legendary.boosts, 0.5);
    expect(await refused(p, () => heirloom())).toBe("Only Legendary items can become Heirlooms.");

    // A level 1 player wears the level 500 Heirloom.
    const totals = { ...totalBoosts(p.loaded) };
    const since = mark(p);
    p.client.send("equipItem", { id });
    await p.client.next("item", (m) => m.id === id && m.item?.isEquipped === true, { since });
    const up = await p.client.next("playerUpdate", (m) => m.patch.totalBoosts !== undefined, {
      since,
    });
    for (const [k, v] of Object.entries(done.item.boosts)) {
      expect(up.patch.totalBoosts?.[Number(k)]).toBeCloseTo((totals[Number(k)] ?? 0) + v, 6);
    }
    expect(p.loaded.inventory.equippedIn(2)?.item.id).toBe(id);
  });

  it("refuses upgrades of a borrowed item to its borrower and of a lent item to its owner", async () => {
    const owner = await namedPlayer(suite.server);
    const borrower = await namedPlayer(suite.server);
    const lent = giveItem(suite.server, owner.loaded, { slot: 6, rarity: Rarity.Legendary }).item;
    const id = lent.id;
    let since = mark(borrower);
    owner.client.send("transferItem", { id, to: borrower.name, borrow: true });
    await borrower.client.next("item", (m) => m.id === id, { since });
    for (const p of [owner, borrower]) {
      for (const loot of [LootId.OrbOfLegacy, LootId.OrbOfChaos, LootId.InfernalHeart]) {
        setLoot(p.loaded, loot, 10);
      }
      p.loaded.boosts[INFERNO] = 5;
    }
    const calls = (p: Player): Array<() => void> => [
      () => p.client.send("createHeirloom", { id }),
      () => p.client.send("rerollItemChaos", { id }),
      () => p.client.send("enchantItem", { id, skill: INFERNO, rank: 1 }),
      () => p.client.send("favoriteItem", { id, favorite: true }),
    ];
    const ownerBefore = stateOf(owner.loaded);
    for (const call of calls(borrower)) {
      expect(await refused(borrower, call)).toBe(
        "That item is borrowed; only its owner can change it.",
      );
    }
    for (const call of calls(owner)) {
      expect(await refused(owner, call)).toBe(`That item is lent to ${borrower.name}.`);
    }
    expect(stateOf(owner.loaded)).toBe(ownerBefore);
    // Once given back, its owner can make it an Heirloom.
    since = mark(owner);
    borrower.client.send("returnItem", { id });
    await owner.client.next("item", (m) => m.id === id && m.item?.borrowerName === undefined, {
      since,
    });
    const done = await upgraded(owner, id, () => owner.client.send("createHeirloom", { id }));
    expect(done.item.rarity).toBe(Rarity.Heirloom);
    expect(done.patch.loot).toEqual({ [LootId.OrbOfLegacy]: 9 });
  });

  it("rerolls every modifier with an Orb of Chaos, keeping rarity, level and count", async () => {
    const p = await namedPlayer(suite.server);
    const rare = giveItem(suite.server, p.loaded, { slot: 5, rarity: Rarity.Rare, level: 40 }).item;
    const chaos = () => p.client.send("rerollItemChaos", { id: rare.id });
    expect(await refused(p, chaos)).toBe("Not enough Orb of Chaos.");
    setLoot(p.loaded, LootId.OrbOfChaos, 3);
    const done = await upgraded(p, rare.id, chaos);
    expect(done.patch.loot).toEqual({ [LootId.OrbOfChaos]: 2 });
    expect(done.item).toMatchObject({ rarity: Rarity.Rare, level: 40, slot: 5, infusions: 0 });
    expect(Object.keys(done.item.boosts)).toHaveLength(Object.keys(rare.boosts).length);
    const now = p.loaded.inventory.get(rare.id)?.item;
    expect(now?.rolls).not.toEqual(rare.rolls);
    expect(done.item.quality).toBe(now?.quality);
  });

  it("upgrades only an Epic to Legendary with an Orb of Divinity, adding one modifier", async () => {
    const p = await namedPlayer(suite.server);
    const rare = giveItem(suite.server, p.loaded, { slot: 7, rarity: Rarity.Rare }).item;
    const epic = giveItem(suite.server, p.loaded, { slot: 7, rarity: Rarity.Epic, level: 20 }).item;
    const divinity = (id: number) => p.client.send("rerollItemDivinity", { id });
    expect(await refused(p, () => divinity(epic.id))).toBe("Not enough Orb of Divinity.");
    setLoot(p.loaded, LootId.OrbOfDivinity, 1);
    expect(await refused(p, () => divinity(rare.id))).toBe(
      "Only Epic items can be upgraded with an Orb of Divinity.",
    );
    const done = await upgraded(p, epic.id, () => divinity(epic.id));
    expect(done.patch.loot).toEqual({ [LootId.OrbOfDivinity]: 0 });
    expect(done.item).toMatchObject({ rarity: Rarity.Legendary, level: 20 });
    expect(Object.keys(done.item.boosts)).toHaveLength(Object.keys(epic.boosts).length + 1);
    const rolls = p.loaded.inventory.get(epic.id)?.item.rolls ?? {};
    expect(rolls).toMatchObject(epic.rolls);
    expect(await refused(p, () => divinity(epic.id))).toBe(
      "Only Epic items can be upgraded with an Orb of Divinity.",
    );
  });

  it("sets every roll to the item's best with an Orb of Perfection, once", async () => {
    const p = await namedPlayer(suite.server);
    const epic = giveItem(suite.server, p.loaded, { slot: 8, rarity: Rarity.Epic, level: 10 }).item;
    const perfection = () => p.client.send("rerollItemPerfection", { id: epic.id });
    expect(await refused(p, perfection)).toBe("Not enough Orb of Perfection.");
    setLoot(p.loaded, LootId.OrbOfPerfection, 2);
    const best = Math.max(...Object.values(epic.rolls));
    const done = await upgraded(p, epic.id, perfection);
    expect(done.patch.loot).toEqual({ [LootId.OrbOfPerfection]: 1 });
    expect(done.item.rarity).toBe(Rarity.Epic);
    expect(done.item.quality).toBeCloseTo(best, 9);
    const rolls = p.loaded.inventory.get(epic.id)?.item.rolls ?? {};
    expect(Object.keys(rolls).sort()).toEqual(Object.keys(epic.rolls).sort());
    for (const v of Object.values(rolls)) expect(v).toBe(best);
    expect(await refused(p, perfection)).toBe("All rolls are already at the item's best roll.");
  });

  it("makes a Legendary of level 3000+ Mythic for divine essence and elementium", async () => {
    const p = await namedPlayer(suite.server);
    const low = giveItem(suite.server, p.loaded, {
      slot: 4,
      rarity: Rarity.Legendary,
      level: 2999,
    });
    const epic = giveItem(suite.server, p.loaded, { slot: 4, rarity: Rarity.Epic, level: 3050 });
    const item = giveItem(suite.server, p.loaded, {
      slot: 4,
      rarity: Rarity.Legendary,
      level: 3050,
    }).item;
    const mythic = (id = item.id) => p.client.send("upgradeItemMythic", { id });
    // Cost at level 3050: ceil(3050 / 100) = 31 divine essence and 3050 elementium.
    setLoot(p.loaded, LootId.DivineEssence, 100);
    setLoot(p.loaded, LootId.Elementium, 100_000);
    expect(await refused(p, () => mythic(low.item.id))).toBe(
      "The item must be level 3000 or higher.",
    );
    expect(await refused(p, () => mythic(epic.item.id))).toBe(
      "Only Legendary items can become Mythic.",
    );
    setLoot(p.loaded, LootId.DivineEssence, 30);
    expect(await refused(p, () => mythic())).toBe("Not enough Divine Essence.");
    setLoot(p.loaded, LootId.DivineEssence, 31);
    setLoot(p.loaded, LootId.Elementium, 3049);
    expect(await refused(p, () => mythic())).toBe("Not enough Elementium.");
    setLoot(p.loaded, LootId.Elementium, 3050);
    const done = await upgraded(p, item.id, () => mythic());
    expect(done.patch.loot).toEqual({ [LootId.DivineEssence]: 0, [LootId.Elementium]: 0 });
    expect(done.item).toMatchObject({ rarity: Rarity.Mythic, level: 3050 });
    expectScaled(done.item.boosts, item.boosts, 1.5);
    expect(await refused(p, () => mythic())).toBe("Only Legendary items can become Mythic.");
  });

  it("judges gathering gear by the best gathering level, not the battle level", async () => {
    const p = await namedPlayer(suite.server);
    const rod = giveItem(suite.server, p.loaded, { slot: 1, level: 40, skill: ActionType.Fishing });
    const id = rod.item.id;
    p.loaded.battleXp = experienceForLevel(BATTLE_XP_BASE, 100);
    p.loaded.miningXp = experienceForLevel(GATHER_XP_BASE, 39);
    p.loaded.statsVersion++;
    markDirty(p.loaded, Col.battleXp, Col.miningXp);
    expect(await refused(p, () => p.client.send("equipItem", { id }))).toBe(
      "Requires gathering level 40.",
    );
    // Woodcutting level 40 is enough for a fishing item.
    p.loaded.woodcuttingXp = experienceForLevel(GATHER_XP_BASE, 40);
    p.loaded.statsVersion++;
    const since = mark(p);
    p.client.send("equipItem", { id });
    await p.client.next("item", (m) => m.id === id && m.item?.isEquipped === true, { since });
    await p.client.next("playerUpdate", (m) => m.patch.totalBoosts !== undefined, { since });
    expect(p.loaded.inventory.equippedIn(1)?.item.id).toBe(id);
  });

  it("favourites an item, and the flag and an upgrade survive a graceful restart", async () => {
    const p = await namedPlayer(suite.server);
    const fav = giveItem(suite.server, p.loaded, { slot: 3, rarity: Rarity.Uncommon }).item;
    const heir = giveItem(suite.server, p.loaded, {
      slot: 6,
      rarity: Rarity.Legendary,
      level: 80,
    }).item;
    let since = mark(p);
    p.client.send("favoriteItem", { id: fav.id, favorite: true });
    const one = await p.client.next("item", (m) => m.id === fav.id, { since });
    expect(one.item).toMatchObject({ favorite: true, name: fav.name, rarity: Rarity.Uncommon });
    expect(p.loaded.inventory.get(fav.id)?.favorite).toBe(true);
    // Asking again is harmless: the item is sent back unchanged.
    since = mark(p);
    p.client.send("favoriteItem", { id: fav.id, favorite: true });
    expect((await p.client.next("item", (m) => m.id === fav.id, { since })).item?.favorite).toBe(
      true,
    );
    // A favourite is kept out of disenchanting.
    expect(
      await refused(p, () =>
        p.client.send("disenchant", { target: fav.id, rarity: 0, itemIds: [], confirmed: true }),
      ),
    ).toMatch(/favourite/);
    setLoot(p.loaded, LootId.OrbOfLegacy, 1);
    const made = await upgraded(p, heir.id, () => p.client.send("createHeirloom", { id: heir.id }));

    await suite.restart();
    const again = await connect(suite.server, p.token);
    const byId = new Map(again.inventory.map((i) => [i.id, i]));
    expect(byId.get(fav.id)).toMatchObject({ favorite: true, isEquipped: false });
    expect(byId.get(heir.id)).toMatchObject({ rarity: Rarity.Heirloom, level: 80 });
    expect(byId.get(heir.id)?.boosts).toEqual(made.item.boosts);
    expect(again.loaded.loot[LootId.OrbOfLegacy]).toBe(0);

    since = mark(again);
    again.client.send("favoriteItem", { id: fav.id, favorite: false });
    const off = await again.client.next("item", (m) => m.id === fav.id, { since });
    expect(off.item?.favorite).toBe(false);
    expect(again.loaded.inventory.get(fav.id)?.favorite).toBe(false);
  });
});
