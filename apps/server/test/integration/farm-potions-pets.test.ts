import { LootId, PetEffect, POTION_DURATION_TICKS } from "@manaspire/game";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { players } from "../../src/db/schema";
import { CONTROL_CHARACTER_REFUSAL } from "../../src/socket/control-chars";
import { companionsChanged } from "../../src/world/companion-effects";
import { Col, markDirty } from "../../src/world/player-columns";
import { totalBoosts } from "../../src/world/player-view";
import {
  mark,
  namedPlayer,
  type Player,
  profileOf,
  setLoot,
  stateOf,
  takeOffline,
  toastFor,
} from "../support/players";
import { savedPlayer } from "../support/saved";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitFor } from "../support/wait";

const HOUR = 3_600_000;

describe.each(testStores())("farm, potions and pets on $kind", (factory) => {
  // No ticks of their own: the tests act with world.tick() when they need a battle.
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  const refused = async (p: Player, act: () => void, text: string) => {
    const before = stateOf(p.loaded);
    expect(await toastFor(p, act)).toBe(text);
    expect(stateOf(p.loaded)).toBe(before);
  };

  it("sends the farm time on hydrate, refuses an early collection, collects after 3 h", async () => {
    const p = await namedPlayer(suite.server);
    const time = await p.client.next("farmTime");
    expect(time.lastHarvest).toBe(p.loaded.farmHarvestAt);
    expect(Math.abs(time.lastHarvest - Date.now())).toBeLessThan(60_000); // planted at sign-up
    expect(time.growthRate).toBe(1);
    await refused(p, () => p.client.send("collectFarm", {}), "Your herbs need 3h more to grow.");

    setLoot(p.loaded, LootId.ManaDust, 1_000_000);
    p.loaded.farmHarvestAt = Date.now() - 3 * HOUR - 5_000;
    const since = mark(p);
    p.client.send("collectFarm", {});
    const harvest = await p.client.next("farmHarvest", () => true, { since });
    const herbs = Object.values(harvest.herbs).reduce((a, b) => a + b, 0);
    expect(herbs).toBe(7);
    expect(harvest).toMatchObject({ upkeep: 1_400_000, withered: 0, auto: false });
    const after = await p.client.next("farmTime", () => true, { since });
    expect(Date.now() - after.lastHarvest).toBeLessThan(5_000);
    // Dust went into debt: 1,000,000 − 1,400,000.
    expect(p.loaded.loot[LootId.ManaDust]).toBe(-400_000);
    const up = await p.client.next("playerUpdate", (m) => m.patch.loot?.[1] !== undefined, {
      since,
    });
    expect(up.patch.loot?.[LootId.Sunpetal]).toBe(p.loaded.loot[LootId.Sunpetal]);
    await refused(p, () => p.client.send("collectFarm", {}), "Your herbs need 3h more to grow.");
  });

  it("buys the farm and belt upgrades (boosts 130-133) in research with Mana Dust", async () => {
    const p = await namedPlayer(suite.server);
    setLoot(p.loaded, LootId.ManaDust, 2_750_000);
    const since = mark(p);
    p.client.send("purchaseBoost", { boost: 130, amount: 2 }); // 50,000 × (1 + 4)
    p.client.send("purchaseBoost", { boost: 133, amount: 2 }); // 500,000 × (1 + 4)
    await p.client.next("playerUpdate", (m) => m.patch.boosts?.[133] === 2, { since });
    expect(p.loaded.boosts[130]).toBe(2);
    expect(p.loaded.loot[LootId.ManaDust]).toBe(0);
    expect(await toastFor(p, () => p.client.send("purchaseBoost", { boost: 131, amount: 1 }))).toBe(
      "Not enough Mana Dust.",
    );
  });

  it("collects the farm unattended with Quality of Life, loaded or offline (the keeper)", async () => {
    const p = await namedPlayer(suite.server);
    p.loaded.farmHarvestAt = Date.now() - 30 * HOUR;
    p.loaded.preferences = { autoCollectFarm: true };
    markDirty(p.loaded, Col.farmHarvestAt, Col.preferences);
    // Without Quality of Life the keeper leaves it alone.
    expect(suite.server.farmKeeper.due(p.loaded, Date.now())).toBe(false);
    expect(suite.server.farmKeeper.sweep()).toBe(0);
    p.loaded.qolEnd = Date.now() + 24 * HOUR;
    markDirty(p.loaded, Col.qolEnd);
    expect(suite.server.farmKeeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(p.loaded.loot[LootId.Sageroot]).toBe(20);
    expect(p.loaded.loot[LootId.ManaDust]).toBe(-12_000_000);
    expect(await suite.server.farmKeeper.collectFor(p.id)).toBe(false); // not due again for 3 h

    // Offline: saved and out of memory, its grown farm is collected by the once-per-world sweep.
    p.loaded.farmHarvestAt = Date.now() - 30 * HOUR;
    markDirty(p.loaded, Col.farmHarvestAt);
    setLoot(p.loaded, LootId.ManaDust, 0); // the upkeep's debt is back within its limit
    await takeOffline(suite.server, p);
    expect(await suite.server.farmKeeper.sweepOffline(suite.server.database.db)).toBe(1);
    expect(suite.server.store.loaded.get(p.id)?.loot[LootId.Sageroot]).toBe(40);
  });

  it("brews, drinks and shows a potion's effect; refusals change nothing", async () => {
    const p = await namedPlayer(suite.server);
    await p.client.next("potions");
    await refused(
      p,
      () => p.client.send("brewPotion", { boost: 120, tier: 2, amount: 3, autoConsume: true }),
      "Not enough Sageroot.",
    );
    setLoot(p.loaded, LootId.Sageroot, 10);
    await refused(
      p,
      () => p.client.send("brewPotion", { boost: 105, tier: 11, amount: 1, autoConsume: true }),
      "Tier must be a whole number from 1 to 10.",
    );
    await refused(
      p,
      () => p.client.send("brewPotion", { boost: 120, tier: 2, amount: 0, autoConsume: true }),
      "Amount must be a whole number from 1 to 99.",
    );
    await refused(
      p,
      () => p.client.send("drinkPotion", { boost: 120 }),
      "You have no Wisdom potions in your belt.",
    );
    let since = mark(p);
    p.client.send("brewPotion", { boost: 120, tier: 2, amount: 3, autoConsume: true });
    const belt = await p.client.next("potions", (m) => m.belt.length > 0, { since });
    expect(belt.belt).toEqual([{ boost: 120, tier: 2, amount: 3, autoConsume: true }]);
    expect(p.loaded.loot[LootId.Sageroot]).toBe(4);

    since = mark(p);
    p.client.send("drinkPotion", { boost: 120 });
    const drunk = await p.client.next("potions", (m) => m.active.length > 0, { since });
    expect(drunk.active).toEqual([
      { boost: 120, tier: 2, ticksRemaining: POTION_DURATION_TICKS, autoConsume: true },
    ]);
    const up = await p.client.next("playerUpdate", (m) => m.patch.totalBoosts !== undefined, {
      since,
    });
    expect(up.patch.totalBoosts?.[120]).toBe(10);
    expect(totalBoosts(p.loaded)[120]).toBe(10);
    await refused(
      p,
      () => p.client.send("drinkPotion", { boost: 120 }),
      `A Wisdom potion is already active (${POTION_DURATION_TICKS} ticks left).`,
    );

    // A battle ticks it down by one (the browser counts down on each battle frame itself).
    since = mark(p);
    suite.server.world.tick();
    await p.client.next("battleTick", () => true, { since });
    expect(p.loaded.potions.active[0]?.ticks).toBe(POTION_DURATION_TICKS - 1);

    // Renewal restores 200 × tier actions.
    setLoot(p.loaded, LootId.Sunpetal, 2);
    p.loaded.actions = 10;
    markDirty(p.loaded, Col.actions);
    p.client.send("brewPotion", { boost: 105, tier: 2, amount: 1, autoConsume: false });
    since = mark(p);
    p.client.send("drinkPotion", { boost: 105 });
    const renewed = await p.client.next("playerUpdate", (m) => m.patch.actions !== undefined, {
      since,
    });
    expect(renewed.patch.actions).toBe(410);
  });

  it("counts the potions brewed on the profile and saves the count with the player", async () => {
    const p = await namedPlayer(suite.server, "Brew");
    const viewer = await namedPlayer(suite.server, "View");
    await p.client.next("potions");
    setLoot(p.loaded, LootId.Sageroot, 14);
    for (const [amount, inBelt] of [
      [3, 3],
      [1, 4],
    ] as const) {
      const since = mark(p);
      p.client.send("brewPotion", { boost: 120, tier: 2, amount, autoConsume: false });
      await p.client.next("potions", (m) => m.belt[0]?.amount === inBelt, { since });
    }
    // A refused brew counts nothing.
    await refused(
      p,
      () => p.client.send("brewPotion", { boost: 120, tier: 2, amount: 6, autoConsume: false }),
      "Not enough Sageroot.",
    );
    expect((await profileOf(viewer, p.name))?.potionsBrewed).toBe(4);
    // Saved with the player: its row, and its profile read from the row once it is offline.
    await takeOffline(suite.server, p);
    const [row] = await suite.server.database.db
      .select({ brewed: players.potionsBrewed })
      .from(players)
      .where(eq(players.id, p.id));
    expect(row?.brewed).toBe(4);
    expect((await profileOf(viewer, p.name))?.potionsBrewed).toBe(4);
    expect((await profileOf(viewer))?.potionsBrewed).toBe(0);
    // The public API's profile says it too.
    const res = await fetch(`${suite.server.url}/api/players/${p.id}`);
    expect(await res.json()).toMatchObject({ ID: p.id, PotionsBrewed: 4 });
  });

  it("drinks the belt's next potion and a Renewal while offline, across a restart", async () => {
    const p = await namedPlayer(suite.server);
    p.loaded.potions = {
      active: [{ boost: 122, tier: 3, ticks: 2 }],
      belt: [
        { boost: 122, tier: 4, amount: 2, autoConsume: true },
        { boost: 105, tier: 1, amount: 1, autoConsume: true },
      ],
    };
    p.loaded.actions = 4;
    companionsChanged(p.loaded);
    markDirty(p.loaded, Col.potions, Col.actions);
    p.client.close();

    // The next server loads the acting player and ticks it, nobody watching.
    await suite.restart({ TICK_MS: "50" });
    const loaded = suite.server.store.loaded.get(p.id);
    expect(loaded).toBeDefined();
    await waitFor(() => (loaded?.actionCounter ?? 0) >= p.loaded.actionCounter + 8, 20_000);
    await suite.server.stop();
    const row = await savedPlayer(suite.store, p.id);
    const potions = row.potions as {
      active: Array<{ boost: number; tier: number; ticks: number }>;
      belt: Array<{ boost: number; amount: number }>;
    };
    // Resonance ran out after 2 actions; the belt's next (tier 4) started and is ticking.
    expect(potions.active).toHaveLength(1);
    expect(potions.active[0]).toMatchObject({ boost: 122, tier: 4 });
    expect(potions.active[0]!.ticks).toBeLessThan(POTION_DURATION_TICKS);
    expect(potions.belt).toEqual([{ boost: 122, tier: 4, amount: 1, autoConsume: true }]);
    // The actions ran out after 4, and the Renewal (200) was drunk.
    expect(row.actions).toBeGreaterThan(100);
    expect(row.actionCounter).toBeGreaterThan(p.loaded.actionCounter + 4);
    await suite.restart();
  });

  it("unlocks, feeds and activates a pet that then shows in battle; refusals change nothing", async () => {
    const p = await namedPlayer(suite.server);
    const first = await p.client.next("pets");
    expect(first).toEqual({ pets: [], levels: 0, unlockedSkins: [] });
    await refused(
      p,
      () => p.client.send("petUnlock", { petType: PetEffect.Immune }),
      "Unlocking a pet costs 1 Egg.",
    );
    setLoot(p.loaded, LootId.Egg, 40);
    let since = mark(p);
    p.client.send("petUnlock", { petType: PetEffect.Immune });
    let pets = await p.client.next("pets", (m) => m.pets.length === 1, { since });
    expect(pets.pets[0]).toMatchObject({ type: 3, tier: 0, active: false, skin: 0 });
    expect(p.loaded.loot[LootId.Egg]).toBe(39);
    await refused(p, () => p.client.send("petUnlock", { petType: 3 }), "You already have a Golem.");
    await refused(
      p,
      () => p.client.send("petFeed", { petType: 3, eggs: 0 }),
      "Feed at least 1 Egg.",
    );
    await refused(p, () => p.client.send("petFeed", { petType: 3, eggs: 40 }), "Not enough Eggs.");
    await refused(
      p,
      () => p.client.send("petFeed", { petType: 4, eggs: 1 }),
      "You don't have that pet.",
    );
    await refused(
      p,
      () => p.client.send("petBuySkin", { petType: 3, skin: 1 }),
      "A skin costs 5 Crystallized Mana.",
    );
    await refused(
      p,
      () => p.client.send("petSetSkin", { petType: 3, skin: 2, dungeon: false }),
      "Unlock that skin first.",
    );

    since = mark(p);
    p.client.send("petFeed", { petType: 3, eggs: 25 });
    pets = await p.client.next("pets", (m) => m.pets[0]?.tier === 1, { since });
    expect(pets.levels).toBe(1);

    p.client.send("petRename", { petType: 3, name: "Rocky" });
    since = mark(p);
    p.client.send("petSelect", { petType: 3, active: true });
    pets = await p.client.next("pets", (m) => m.pets[0]?.active === true, { since });
    expect(pets.pets[0]).toMatchObject({ name: "Rocky", active: true, tier: 1 });

    // The Golem nullifies the first 5 enemy attacks of each battle.
    p.loaded.enemy = 20; // a longer fight, so the enemy attacks
    since = mark(p);
    suite.server.world.tick();
    const battle = await p.client.next("battleTick", () => true, { since });
    expect(battle.result.enemyAttacks).toBeGreaterThan(0);
    expect(battle.result.nullifiedAttacks).toBe(Math.min(5, battle.result.enemyAttacks));

    // A fourth combat pet needs a replacement pick.
    setLoot(p.loaded, LootId.Egg, 100);
    since = mark(p);
    for (const type of [1, 2, 4]) p.client.send("petUnlock", { petType: type });
    for (const type of [1, 2]) p.client.send("petSelect", { petType: type, active: true });
    await p.client.next("pets", (m) => m.pets.filter((x) => x.active).length === 3, { since });
    await p.client.next("toast", (m) => m.text === "Tortoise is active.", { since });
    await refused(
      p,
      () => p.client.send("petSelect", { petType: 4, active: true }),
      "You already have 3 active combat pets: choose one to replace.",
    );
    since = mark(p);
    p.client.send("petSelect", { petType: 4, active: true, replace: 1 });
    pets = await p.client.next("pets", (m) => m.pets.some((x) => x.type === 4 && x.active), {
      since,
    });
    expect(
      pets.pets
        .filter((x) => x.active)
        .map((x) => x.type)
        .sort(),
    ).toEqual([2, 3, 4]);
    await refused(
      p,
      () => p.client.send("petRename", { petType: 4, name: "Ro\u0007cky" }),
      CONTROL_CHARACTER_REFUSAL,
    );
  });

  afterEach(() => undefined);
});
