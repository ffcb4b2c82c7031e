import { ActionType, LootId, Rarity, RiftType } from "@manaspire/game";
import { clientProtocol } from "@manaspire/protocol";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import { CONTROL_CHARACTER_REFUSAL } from "../../src/socket/control-chars";
import { Col, markDirty } from "../../src/world/player-columns";
import { addEvent, moveEvent, stepEvents } from "../support/events";
import {
  giveItem,
  mark,
  namedPlayer,
  type Player,
  profileOf,
  seededPlayer,
  setLoot,
  stateOf,
  toastFor,
} from "../support/players";
import { seedPlayers } from "../support/seed";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const INFERNO = 60;

describe.each(testStores())("profiles on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  async function save(p: Player, text: string): Promise<string> {
    const since = mark(p);
    p.client.send("updateProfile", { text });
    return (await p.client.next("profileSaved", () => true, { since })).text;
  }

  it("shows one's own profile and anyone's by name, with every field and the worn gear", async () => {
    const a = await seededPlayer(suite.server, "Prof");
    const b = await seededPlayer(suite.server, "Prof");
    const staff = giveItem(suite.server, b.loaded, {
      slot: 1,
      rarity: Rarity.Epic,
      equipped: true,
    });
    giveItem(suite.server, b.loaded, { slot: 2, equipped: false }); // in the bag: not on the profile
    b.loaded.kills = 30;
    b.loaded.deaths = 2;
    b.loaded.actionCounter = 40;
    b.loaded.gatherActions = 8;
    b.loaded.boosts[3] = 12;
    markDirty(b.loaded, Col.kills, Col.deaths, Col.actionCounter, Col.boosts);
    const own = await profileOf(a);
    expect(own).toMatchObject({ id: a.id, name: a.name, banned: false, profileText: "" });
    const other = await profileOf(a, `  ${b.name.toLowerCase()} `);
    expect(other).toMatchObject({
      id: b.id,
      name: b.name,
      kills: 30,
      deaths: 2,
      gatherActions: 8,
      blockEnchants: false,
      boosts: { 3: 12 },
    });
    expect(other?.equipment.map((i) => i.id)).toEqual([staff.item.id]);
    expect(other?.totalBoosts[8]).toBeGreaterThan(0); // the staff's spellpower counts
    expect(await profileOf(a, "Nobody_at_all")).toBeUndefined();
    expect(await profileOf(a, "bad name!")).toBeUndefined();
  });

  it("counts gathering and event actions where they happen, not by subtraction", async () => {
    const db = suite.server.database.db;
    const p = await namedPlayer(suite.server, "Kinds");
    giveItem(suite.server, p.loaded, { slot: 1, equipped: true });
    const act = (n: number) => {
      for (let i = 0; i < n; i++) suite.server.world.act(p.loaded, Date.now());
    };
    // A battler: 4 battles, then 3 actions siphoning in a Rift of Power (the fights go on after).
    act(4);
    expect(p.loaded.kills + p.loaded.deaths).toBe(4);
    const rift = await addEvent(db, RiftType.RiftOfPower, {
      queueIn: -100,
      startsIn: -100,
      endsIn: 3_600_000,
    });
    await stepEvents(suite.server);
    const since = mark(p);
    p.client.send("riftSiphon", { start: true });
    await p.client.next("eventState", (e) => e.siphoning, { since });
    act(3);
    expect(p.loaded.actionCounter).toBe(7);
    expect(p.loaded.kills + p.loaded.deaths).toBe(4);
    await moveEvent(db, rift, { endsIn: -3_600_000 });
    await stepEvents(suite.server);
    // Then 2 gathering actions.
    p.loaded.actionType = ActionType.Mining;
    act(2);
    expect(p.loaded.actionCounter).toBe(9);
    const viewer = await seededPlayer(suite.server, "Look");
    expect(await profileOf(viewer, p.name)).toMatchObject({
      kills: p.loaded.kills,
      deaths: p.loaded.deaths,
      gatherActions: 2,
      eventActions: 3,
    });
    const res = await fetch(`${suite.server.url}/api/players/${p.name}`);
    expect(await res.json()).toMatchObject({ GatherActions: 2, EventActions: 3 });
    // Saved with the player.
    await suite.server.store.flush();
    const [row] = resultRows<{ g: string | number; e: string | number }>(
      await db.execute(
        sql`select gather_actions as g, event_actions as e from players where id = ${p.id}`,
      ),
    );
    expect([Number(row?.g), Number(row?.e)]).toEqual([2, 3]);
  });

  it("reads a player no process holds from the saved rows", async () => {
    const db = suite.server.database.db;
    const [id] = await seedPlayers(db, 1, { actionType: 0 });
    await db.execute(sql`
      update players set kills = 7, deaths = 1, battle_xp = 1000000, highest_enemy = 12,
        boosts = '{"4": 3}'::jsonb where id = ${id}`);
    await db.execute(sql`insert into player_profiles (player_id, text) values (${id}, 'Hello')`);
    expect(suite.server.store.loaded.has(id!)).toBe(false);
    const name = `Saved_${String.fromCharCode(97 + (id! % 26))}x`;
    await db.execute(sql`update players set name = ${name} where id = ${id}`);
    const viewer = await seededPlayer(suite.server, "View");
    const saved = await profileOf(viewer, name);
    expect(saved).toMatchObject({
      id,
      kills: 7,
      deaths: 1,
      level: 13,
      highestEnemy: 12,
      profileText: "Hello",
      boosts: { 4: 3 },
    });
    expect(suite.server.store.loaded.has(id!)).toBe(false); // looking does not load the player
  });

  it("saves one's own text as plain text, up to 2000 characters, without hidden characters", async () => {
    const a = await seededPlayer(suite.server, "Text");
    const b = await seededPlayer(suite.server, "Text");
    expect(await save(b, "b's own words")).toBe("b's own words");
    const markup = "<script>alert(1)</script>\n<b>bold</b> & more";
    expect(await save(a, markup)).toBe(markup);
    expect((await profileOf(b, a.name))?.profileText).toBe(markup);
    expect(await save(a, "\u202Eevil\u200B text\r\nline two\t.  ")).toBe("evil text\nline two .");
    // A control character other than tab and line breaks: the gateway refuses the message.
    expect(await toastFor(a, () => a.client.send("updateProfile", { text: "bell\u0007" }))).toBe(
      CONTROL_CHARACTER_REFUSAL,
    );
    const longest = "x".repeat(2000);
    expect(await save(a, longest)).toBe(longest);
    // Only the sender's own row is written: b's text is untouched.
    expect((await profileOf(a, b.name))?.profileText).toBe("b's own words");
    // 2001 characters cannot be encoded by a client; a forged frame is refused unread.
    const frame = clientProtocol.encode("updateProfile", { text: "y".repeat(2000) });
    const forged = new Uint8Array(frame.length + 1);
    forged.set(frame.subarray(0, 2));
    forged[2] = 0x07;
    forged[3] = 0xd1; // length 2001
    forged.set(frame.subarray(4), 4);
    forged[forged.length - 1] = 0x79;
    expect(await toastFor(a, () => a.client.sendRaw(forged))).toBe(
      "The server could not read a message from your client; please reload.",
    );
    expect((await profileOf(b, a.name))?.profileText).toBe(longest);
    expect(await save(a, "")).toBe("");
  });

  describe("enchanting another player's worn item", () => {
    async function pair() {
      const enchanter = await seededPlayer(suite.server, "Ench");
      const wearer = await seededPlayer(suite.server, "Wear");
      const worn = giveItem(suite.server, wearer.loaded, {
        slot: 3,
        rarity: Rarity.Rare,
        equipped: true,
      });
      const bag = giveItem(suite.server, wearer.loaded, { slot: 4, equipped: false });
      enchanter.loaded.boosts[INFERNO] = 5;
      setLoot(enchanter.loaded, LootId.InfernalHeart, 20);
      await suite.server.store.flush();
      const enchant = (
        data: Partial<{ playerId: number; itemId: number; skill: number; rank: number }> = {},
      ) =>
        enchanter.client.send("enchantPlayerItem", {
          playerId: wearer.id,
          itemId: worn.item.id,
          skill: INFERNO,
          rank: 3,
          ...data,
        });
      return { enchanter, wearer, worn, bag, enchant };
    }

    async function refused(players: Player[], p: Player, act: () => void): Promise<string> {
      const before = players.map((x) => stateOf(x.loaded));
      const text = await toastFor(p, act);
      expect(players.map((x) => stateOf(x.loaded))).toEqual(before);
      return text;
    }

    it("is refused while the wearer blocks enchants, and works once they allow it", async () => {
      const { enchanter, wearer, worn, enchant } = await pair();
      wearer.loaded.preferences.blockEnchants = true;
      markDirty(wearer.loaded, Col.preferences);
      expect((await profileOf(enchanter, wearer.name))?.blockEnchants).toBe(true);
      expect(await refused([enchanter, wearer], enchanter, () => enchant())).toBe(
        `${wearer.name} does not allow others to enchant their equipment.`,
      );

      wearer.loaded.preferences.blockEnchants = false;
      markDirty(wearer.loaded, Col.preferences);
      const since = mark(enchanter);
      const wearerSince = mark(wearer);
      enchant();
      const update = await enchanter.client.next(
        "playerUpdate",
        (d) => d.patch.loot !== undefined,
        {
          since,
        },
      );
      expect(update.patch.loot).toEqual({ [LootId.InfernalHeart]: 11 }); // 3 per rank
      const shown = await enchanter.client.next("profile", () => true, { since });
      const item = shown.profile?.equipment.find((i) => i.id === worn.item.id);
      expect(item?.boosts).toMatchObject({ 60: 3, 80: 3 });
      const told = await wearer.client.next("item", (d) => d.id === worn.item.id, {
        since: wearerSince,
      });
      expect(told.item?.boosts).toMatchObject({ 60: 3, 80: 3 });
      expect((await wearer.client.next("toast", () => true, { since: wearerSince })).text).toBe(
        `${enchanter.name} enchanted your ${worn.item.name} with Inferno 3.`,
      );
      // Both states were saved together: the reagents and the item.
      const [saved] = resultRows<{ boosts: Record<string, number>; hearts: number }>(
        await suite.server.database.db.execute(sql`
          select i.boosts, (p.loot->>'34')::float8 as hearts from items i, players p
          where i.id = ${worn.item.id} and p.id = ${enchanter.id}`),
      );
      expect(saved?.boosts).toMatchObject({ 60: 3, 80: 3 });
      expect(Number(saved?.hearts)).toBe(11);
    });

    it("refuses bad requests and changes nothing", async () => {
      const { enchanter, wearer, worn, bag, enchant } = await pair();
      const both = [enchanter, wearer];
      expect(await refused(both, enchanter, () => enchant({ itemId: bag.item.id }))).toBe(
        `${wearer.name} is not wearing that item.`,
      );
      expect(await refused(both, enchanter, () => enchant({ itemId: 999_999_999 }))).toBe(
        `${wearer.name} is not wearing that item.`,
      );
      expect(await refused(both, enchanter, () => enchant({ playerId: 999_999_999 }))).toBe(
        "Player not found.",
      );
      expect(await refused(both, enchanter, () => enchant({ playerId: enchanter.id }))).toBe(
        "Enchant your own gear from its upgrade page.",
      );
      expect(await refused(both, enchanter, () => enchant({ rank: 6 }))).toBe(
        "Rank 6 needs Inferno skill rank 6 (you have 5).",
      );
      expect(await refused(both, enchanter, () => enchant({ rank: 0 }))).toBe(
        "Enchant rank must be a whole number of at least 1.",
      );
      expect(await refused(both, enchanter, () => enchant({ skill: 59 }))).toBe("Unknown enchant.");
      setLoot(enchanter.loaded, LootId.InfernalHeart, 2);
      expect(await refused(both, enchanter, () => enchant({ rank: 1 }))).toBe(
        "Not enough Infernal Heart.",
      );
      await suite.server.database.db.execute(
        sql`update accounts set banned = true where id = (select account_id from players where id = ${wearer.id})`,
      );
      wearer.loaded.banned = true; // as the ban's account event does
      setLoot(enchanter.loaded, LootId.InfernalHeart, 20);
      expect(await refused(both, enchanter, () => enchant())).toBe(
        `${wearer.name} is banned; their gear cannot be enchanted.`,
      );
      expect(worn.item.boosts[60]).toBeUndefined();
    });
  });

  it("serves the public player API by id and by name in the live game's shape", async () => {
    const p = await seededPlayer(suite.server, "Api");
    await save(p, "About me");
    for (const key of [String(p.id), p.name.toLowerCase()]) {
      const res = await fetch(`${suite.server.url}/api/players/${key}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        ID: p.id,
        Name: p.name,
        ProfileText: "About me",
        Banned: false,
      });
      for (const field of [
        "Equipment",
        "TotalBoosts",
        "GatherActions",
        "NexusCrystal",
        "GuildID",
      ]) {
        expect(body).toHaveProperty(field);
      }
    }
    expect((await fetch(`${suite.server.url}/api/players/nobody_here`)).status).toBe(404);
    expect((await fetch(`${suite.server.url}/api/players/0`)).status).toBe(404);
    expect((await fetch(`${suite.server.url}/api/players/${"9".repeat(40)}`)).status).toBe(404);
  });

  it("limits the public API per address", async () => {
    let limited = 0;
    for (let i = 0; i < 70; i++) {
      const res = await fetch(`${suite.server.url}/api/leaderboards/battle`);
      if (res.status === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
  });
});
