import {
  BoostId,
  DEFAULT_PREFERENCES,
  LootId,
  NAME_DOUBLE_UNDERSCORE_ERROR,
  NAME_LENGTH_ERROR,
  NAME_UNDERSCORE_EDGE_ERROR,
  Rarity,
} from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { isClean } from "../../src/world/column-set";
import { Col, markDirty } from "../../src/world/player-columns";
import { foundGuild, joinGuild } from "../support/guilds";
import {
  connect,
  giveItem,
  mark,
  namedPlayer,
  type Player,
  setLoot,
  stateOf,
  toastFor,
  uniqueName,
} from "../support/players";
import { savedPlayer } from "../support/saved";
import { api } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitFor } from "../support/wait";

const DAY = 86_400_000;
const INFERNO = 60; // enchant skill (rank boost 60, reagent Infernal Heart)

/** Quality of Life, Ascension and titles, and the username change (Crystallized Mana). */
describe.each(testStores())("premium shop on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000", ADMIN_NAMES: "Root_Admin" });

  const mana = (p: Player) => p.loaded.loot[LootId.CrystallizedMana] ?? 0;
  const defaults = DEFAULT_PREFERENCES;

  it("the shop says this server sells no premium currency without Stripe", async () => {
    const p = await namedPlayer(suite.server, "Nos");
    p.client.send("getPremiumShop", {});
    expect((await p.client.next("premiumShop")).shop).toMatchObject({
      available: false,
      titles: [],
      nextTitle: "Novice",
      nextTitleCost: 5,
    });
    expect(
      await toastFor(p, () => p.client.send("shopPurchase", { euros: 5, anonymous: false })),
    ).toBe("This server does not sell premium currency.");
    const webhook = await fetch(`${suite.server.url}/api/shop/webhook`, {
      method: "POST",
      body: "{}",
    });
    expect(webhook.status).toBe(404);
  });

  it("Quality of Life: 5 Crystallized Mana for 30 days, extended from its end, and its preferences", async () => {
    const p = await namedPlayer(suite.server, "Qol");
    setLoot(p.loaded, LootId.CrystallizedMana, 4);
    const before = stateOf(p.loaded);
    expect(await toastFor(p, () => p.client.send("purchaseQoL", {}))).toBe(
      "Quality of Life costs 5 Crystallized Mana; buy some on the market.",
    );
    expect(stateOf(p.loaded)).toBe(before);
    expect(p.loaded.qolEnd).toBe(0);

    setLoot(p.loaded, LootId.CrystallizedMana, 11);
    const start = Date.now();
    let since = mark(p);
    p.client.send("purchaseQoL", {});
    let update = await p.client.next("playerUpdate", (u) => u.patch.qolEnd !== undefined, {
      since,
    });
    expect(update.patch.hasQoL).toBe(true);
    const end = update.patch.qolEnd ?? 0;
    expect(end - start).toBeGreaterThanOrEqual(30 * DAY);
    expect(end - Date.now()).toBeLessThanOrEqual(30 * DAY);
    expect(mana(p)).toBe(6);

    // The QoL preferences are accepted now.
    since = mark(p);
    p.client.send("updatePreferences", { preferences: { ...defaults, autoCollectFarm: true } });
    await p.client.next("playerUpdate", (u) => u.patch.preferences?.autoCollectFarm === true, {
      since,
    });

    // Extend: 30 more days from the current end, not from now.
    since = mark(p);
    p.client.send("purchaseQoL", {});
    update = await p.client.next("playerUpdate", (u) => u.patch.qolEnd !== undefined, { since });
    expect(update.patch.qolEnd).toBe(end + 30 * DAY);
    expect(mana(p)).toBe(1);

    // Saved with the next flush; a new connection reads it back.
    await waitFor(() => isClean(p.loaded.dirty));
    const again = await connect(suite.server, p.token);
    const { player } = await again.client.next("playerState", () => true);
    expect(player).toMatchObject({ hasQoL: true, qolEnd: end + 30 * DAY });
    again.client.close();

    // Expired: the QoL preferences are refused again, and the farm is not auto-collected.
    p.loaded.qolEnd = Date.now() - 1;
    expect(suite.server.farmKeeper.due(p.loaded, Date.now() + 4 * 3_600_000)).toBe(false);
    expect(
      await toastFor(p, () =>
        p.client.send("updatePreferences", {
          preferences: { ...defaults, autoCollectFarm: true, autoSiphonRiftOfPower: 5 },
        }),
      ),
    ).toBe("Auto siphon Rift of Power needs Quality of Life; get it in the Premium shop.");
    // Bought again after it ended: 30 days from now.
    setLoot(p.loaded, LootId.CrystallizedMana, 5);
    since = mark(p);
    p.client.send("purchaseQoL", {});
    update = await p.client.next("playerUpdate", (u) => u.patch.qolEnd !== undefined, { since });
    expect((update.patch.qolEnd ?? 0) - Date.now()).toBeGreaterThan(30 * DAY - 60_000);
    expect(suite.server.farmKeeper.due(p.loaded, Date.now() + 4 * 3_600_000)).toBe(true);
  });

  it("two tabs buying Quality of Life at once with mana for one: one purchase", async () => {
    const p = await namedPlayer(suite.server, "Race");
    const tab2 = await connect(suite.server, p.token);
    setLoot(p.loaded, LootId.CrystallizedMana, 5);
    const since = mark(p);
    p.client.send("purchaseQoL", {});
    tab2.client.send("purchaseQoL", {});
    await p.client.next("playerUpdate", (u) => u.patch.qolEnd !== undefined, { since });
    const refused = () =>
      [p, tab2].flatMap((c) =>
        c.client.received.filter((m) => m.type === "toast" && m.data.text.includes("costs 5")),
      ).length;
    await waitFor(() => refused() === 1);
    expect(mana(p)).toBe(0);
    expect(p.loaded.qolEnd - Date.now()).toBeLessThanOrEqual(30 * DAY);
    tab2.client.close();
  });

  it("Ascension bought with Crystallized Mana unlocks titles; set, coloured from 50, shown in chat and profile", async () => {
    const p = await namedPlayer(suite.server, "Tit");
    setLoot(p.loaded, LootId.CrystallizedMana, 12);
    const before = stateOf(p.loaded);
    expect(
      await toastFor(p, () =>
        p.client.send("purchaseBoost", { boost: BoostId.Ascension, amount: 13 }),
      ),
    ).toBe("13 Ascension points cost 13 Crystallized Mana; you have 12.");
    expect(
      await toastFor(p, () =>
        p.client.send("purchaseBoost", { boost: BoostId.Ascension, amount: 0 }),
      ),
    ).toBe("Amount must be at least 1.");
    expect(stateOf(p.loaded)).toBe(before);
    expect(await toastFor(p, () => p.client.send("setTitle", { title: "Novice", color: "" }))).toBe(
      "You have not unlocked that title.",
    );

    let since = mark(p);
    p.client.send("purchaseBoost", { boost: BoostId.Ascension, amount: 10 });
    expect((await p.client.next("toast", () => true, { since })).text).toBe(
      "10 Ascension points: Novice, Apprentice unlocked.",
    );
    const shop = await p.client.next("premiumShop", () => true, { since });
    expect(shop.shop).toMatchObject({ titles: ["Novice", "Apprentice"], nextTitle: "Adept" });
    expect(shop.shop.nextTitleCost).toBe(10);
    expect(mana(p)).toBe(2);
    expect(p.loaded.boosts[BoostId.Ascension]).toBe(10);

    expect(await toastFor(p, () => p.client.send("setTitle", { title: "Adept", color: "" }))).toBe(
      "You have not unlocked that title.",
    );
    expect(
      await toastFor(p, () => p.client.send("setTitle", { title: "Apprentice", color: "#ff0000" })),
    ).toBe("Title colours need 50 Ascension points.");
    expect(
      await toastFor(p, () => p.client.send("setTitle", { title: "Apprentice", color: "" })),
    ).toBe("Your title is now Apprentice.");
    expect(p.loaded.title).toBe("Apprentice");

    // 50 points: a colour.
    setLoot(p.loaded, LootId.CrystallizedMana, 40);
    // The purchase's own toast first: its points show in memory before the toast is sent.
    expect(
      await toastFor(p, () =>
        p.client.send("purchaseBoost", { boost: BoostId.Ascension, amount: 40 }),
      ),
    ).toBe("50 Ascension points: Adept, Conjurer, Magus unlocked.");
    expect(p.loaded.boosts[BoostId.Ascension]).toBe(50);
    expect(
      await toastFor(p, () => p.client.send("setTitle", { title: "Magus", color: "red;x" })),
    ).toBe("A title colour is a # and six hex digits.");
    expect(
      await toastFor(p, () => p.client.send("setTitle", { title: "Magus", color: "#33CC99" })),
    ).toBe("Your title is now Magus.");
    expect(p.loaded.titleColor).toBe("#33cc99");

    since = mark(p);
    p.client.send("chat", { channel: 1, text: "hello with a title" });
    const line = await p.client.next("chatLine", (l) => l.entry.senderId === p.id, { since });
    expect(line.entry).toMatchObject({ senderTitle: "Magus", senderTitleColor: "#33cc99" });
    const viewer = await namedPlayer(suite.server, "See");
    viewer.client.send("getPlayerProfile", { name: p.name });
    const { profile } = await viewer.client.next("profile");
    expect(profile).toMatchObject({ title: "Magus", titleColor: "#33cc99" });

    // Removed: no title and no colour; saved.
    expect(await toastFor(p, () => p.client.send("setTitle", { title: "", color: "" }))).toBe(
      "Your title is removed.",
    );
    expect([p.loaded.title, p.loaded.titleColor]).toEqual(["", ""]);
  });

  it("renames the player for 5 Crystallized Mana under the name rules; a taken name is refused", async () => {
    const p = await namedPlayer(suite.server, "Ren");
    const other = await namedPlayer(suite.server, "Oth");
    setLoot(p.loaded, LootId.CrystallizedMana, 4);
    const fresh = uniqueName("New");
    const rename = (name: string) => toastFor(p, () => p.client.send("renamePlayer", { name }));
    expect(await rename(fresh)).toBe(
      "A new name costs 5 Crystallized Mana; buy some on the market.",
    );
    setLoot(p.loaded, LootId.CrystallizedMana, 6);
    const before = stateOf(p.loaded);
    expect(await rename("ab")).toBe(NAME_LENGTH_ERROR);
    expect(await rename("Ann3")).toBe(NAME_LENGTH_ERROR);
    expect(await rename("_Ann")).toBe(NAME_UNDERSCORE_EDGE_ERROR);
    expect(await rename("An__n")).toBe(NAME_DOUBLE_UNDERSCORE_ERROR);
    expect(await rename("Admin_Bob")).toBe("That name is reserved.");
    expect(await rename("root_admin")).toBe("That name is taken.");
    expect(await rename(other.name.toUpperCase())).toBe("That name is taken.");
    expect(stateOf(p.loaded)).toBe(before);

    const since = mark(p);
    expect(await rename(fresh)).toBe(`You are now called ${fresh}.`);
    const update = await p.client.next("playerUpdate", (u) => u.patch.name !== undefined, {
      since,
    });
    expect(update.patch.name).toBe(fresh);
    expect(mana(p)).toBe(1);
    expect(p.loaded.name).toBe(fresh);
    // Signs in with the new name and the same password; the old name is free.
    expect(
      (await api(suite.server, "/api/auth/login", { username: fresh, password: "pass1234" }))
        .status,
    ).toBe(200);
    expect(
      (await api(suite.server, "/api/auth/login", { username: p.name, password: "pass1234" }))
        .status,
    ).toBe(401);
  });

  it("with Quality of Life a player enchants with the best rank among the guild's members", async () => {
    const leader = await namedPlayer(suite.server, "Gld");
    const member = await namedPlayer(suite.server, "Mem");
    const guildId = await foundGuild(leader);
    await joinGuild(leader, member, guildId);
    leader.loaded.boosts[INFERNO] = 6;
    markDirty(leader.loaded, Col.boosts);
    await waitFor(() => isClean(leader.loaded.dirty));
    const item = giveItem(suite.server, member.loaded, { slot: 6, rarity: Rarity.Legendary }).item;
    setLoot(member.loaded, LootId.InfernalHeart, 30);
    const enchant = () =>
      toastFor(member, () =>
        member.client.send("enchantItem", { id: item.id, skill: INFERNO, rank: 4 }),
      );
    // Without QoL: only the member's own rank (none).
    expect(await enchant()).toBe("Rank 4 needs Inferno skill rank 4 (you have 0).");
    member.loaded.qolEnd = Date.now() + DAY;
    const since = mark(member);
    member.client.send("enchantItem", { id: item.id, skill: INFERNO, rank: 4 });
    const done = await member.client.next("item", (m) => m.id === item.id, { since });
    expect(done.item?.boosts?.[INFERNO]).toBe(4);
  });

  it("two players racing for one name: one gets it, the other keeps its mana", async () => {
    const a = await namedPlayer(suite.server, "Ra");
    const b = await namedPlayer(suite.server, "Rb");
    setLoot(a.loaded, LootId.CrystallizedMana, 5);
    setLoot(b.loaded, LootId.CrystallizedMana, 5);
    const wanted = uniqueName("Hot");
    const [ta, tb] = await Promise.all([
      toastFor(a, () => a.client.send("renamePlayer", { name: wanted })),
      toastFor(b, () => b.client.send("renamePlayer", { name: wanted.toLowerCase() })),
    ]);
    expect([ta, tb].filter((t) => t.startsWith("You are now called"))).toHaveLength(1);
    expect([ta, tb].filter((t) => t === "That name is taken.")).toHaveLength(1);
    expect(mana(a) + mana(b)).toBe(5);
    await waitFor(() => isClean(a.loaded.dirty) && isClean(b.loaded.dirty));
    if (factory.kind === "postgres") {
      const saved = await savedPlayer(suite.store, a.id);
      expect(saved.loot[LootId.CrystallizedMana]).toBe(mana(a));
    }
  });
});
