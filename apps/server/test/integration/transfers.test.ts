import { LogCategory, LootId, Rarity } from "@manaspire/game";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, items, players } from "../../src/db/schema";
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

describe.each(testStores())("transfers on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  async function transferLog(p: Player): Promise<string[]> {
    const since = mark(p);
    p.client.send("activityLogPlayer", { filter: LogCategory.Transfer, cursor: "", search: "" });
    const page = await p.client.next("activityLog", () => true, { since });
    return page.entries.map((e) => e.text);
  }

  it("refuses guests, banned players, yourself, unknown names and equipped items", async () => {
    const sender = await namedPlayer(suite.server);
    const guest = await guestPlayer(suite.server);
    const banned = await namedPlayer(suite.server);
    await suite.server.database.db
      .update(accounts)
      .set({ banned: true })
      .where(eq(accounts.id, banned.loaded.accountId));
    const item = giveItem(suite.server, sender.loaded, { slot: 3 });
    const worn = giveItem(suite.server, sender.loaded, { slot: 4, equipped: true });
    setLoot(sender.loaded, LootId.ElementalShards, 50);
    const before = stateOf(sender.loaded);
    const guestBefore = stateOf(guest.loaded);
    const send = (to: string, id = item.item.id) =>
      toastFor(sender, () => sender.client.send("transferItem", { id, to, borrow: false }));
    expect(await send(guest.name)).toBe(
      `${guest.name} uses a guest account and cannot receive transfers.`,
    );
    expect(
      await toastFor(sender, () =>
        sender.client.send("transferLoot", { lootId: 2, quantity: 5, to: guest.name }),
      ),
    ).toContain("guest account");
    expect(await send(banned.name)).toBe(`${banned.name} cannot receive transfers.`);
    expect(await send(sender.name.toUpperCase())).toBe("You cannot send something to yourself.");
    expect(await send("Nobody_Here")).toBe("Player Nobody_Here not found.");
    expect(await send(banned.name, worn.item.id)).toBe(
      `Unequip ${worn.item.name} before sending it.`,
    );
    expect(stateOf(sender.loaded)).toBe(before);
    expect(stateOf(guest.loaded)).toBe(guestBefore);
  });

  it("refuses zero, too much and untradeable loot", async () => {
    const sender = await namedPlayer(suite.server);
    const other = await namedPlayer(suite.server);
    setLoot(sender.loaded, LootId.ElementalShards, 10);
    setLoot(sender.loaded, LootId.BoundCodex, 10);
    const before = stateOf(sender.loaded);
    const send = (lootId: number, quantity: number) =>
      toastFor(sender, () =>
        sender.client.send("transferLoot", { lootId, quantity, to: other.name }),
      );
    expect(await send(LootId.ElementalShards, 0)).toBe(
      "Quantity must be a whole number of at least 1.",
    );
    expect(await send(LootId.ElementalShards, 11)).toBe("You only have 10 Elemental Shards.");
    expect(await send(LootId.BoundCodex, 1)).toMatch(/cannot be traded/);
    expect(await send(999, 1)).toBe("Unknown loot.");
    expect(stateOf(sender.loaded)).toBe(before);
  });

  it("moves an item and loot to another player, both see it, and it survives a restart", async () => {
    const sender = await namedPlayer(suite.server);
    const recipient = await namedPlayer(suite.server);
    const item = giveItem(suite.server, sender.loaded, { slot: 6, rarity: Rarity.Epic }).item;
    setLoot(sender.loaded, LootId.ElementalShards, 100);
    const shardsBefore = recipient.loaded.loot[LootId.ElementalShards] ?? 0;
    let since = mark(sender);
    let theirs = mark(recipient);
    sender.client.send("transferItem", {
      id: item.id,
      to: recipient.name.toLowerCase(),
      borrow: false,
    });
    await sender.client.next("item", (m) => m.id === item.id && m.item === undefined, { since });
    const got = await recipient.client.next("item", (m) => m.id === item.id, { since: theirs });
    expect(got.item).toMatchObject({ name: item.name, isEquipped: false, favorite: false });
    expect((await recipient.client.next("toast", () => true, { since: theirs })).text).toBe(
      `${sender.name} sent you ${item.name}.`,
    );
    expect(sender.loaded.inventory.get(item.id)).toBeUndefined();
    expect(recipient.loaded.inventory.get(item.id)?.ownerId).toBe(recipient.id);

    since = mark(sender);
    theirs = mark(recipient);
    sender.client.send("transferLoot", { lootId: 2, quantity: 40, to: recipient.name });
    const mine = await sender.client.next("playerUpdate", (m) => m.patch.loot !== undefined, {
      since,
    });
    expect(mine.patch.loot?.[LootId.ElementalShards]).toBe(60);
    const gained = await recipient.client.next("playerUpdate", (m) => m.patch.loot !== undefined, {
      since: theirs,
    });
    expect(gained.patch.loot?.[LootId.ElementalShards]).toBe(shardsBefore + 40);

    expect(await transferLog(sender)).toEqual(
      expect.arrayContaining([
        `Sent ${item.name} to ${recipient.name}.`,
        `Sent 40 Elemental Shards to ${recipient.name}.`,
      ]),
    );
    expect(await transferLog(recipient)).toEqual(
      expect.arrayContaining([
        `Received ${item.name} from ${sender.name}.`,
        `Received 40 Elemental Shards from ${sender.name}.`,
      ]),
    );

    await suite.restart();
    const s2 = await connect(suite.server, sender.token);
    const r2 = await connect(suite.server, recipient.token);
    expect(s2.inventory.map((i) => i.id)).not.toContain(item.id);
    expect(r2.inventory.find((i) => i.id === item.id)?.name).toBe(item.name);
    expect(s2.loaded.loot[LootId.ElementalShards]).toBe(60);
    expect(r2.loaded.loot[LootId.ElementalShards]).toBe(shardsBefore + 40);
  });

  it("delivers to an offline player, committed before anyone is told", async () => {
    const sender = await namedPlayer(suite.server);
    const away = await namedPlayer(suite.server);
    away.client.close();
    setLoot(sender.loaded, LootId.Iron, 500);
    const item = giveItem(suite.server, sender.loaded, { slot: 7 }).item;
    const since = mark(sender);
    sender.client.send("transferItem", { id: item.id, to: away.name, borrow: false });
    sender.client.send("transferLoot", { lootId: LootId.Iron, quantity: 200, to: away.name });
    await sender.client.next("toast", (m) => m.text.startsWith("Sent 200 Iron"), { since });
    // Committed before the sender was told, whatever the write-behind flush has done.
    const db = suite.server.database.db;
    const [row] = await db.select().from(items).where(eq(items.id, item.id));
    expect(row?.ownerId).toBe(away.id);
    // The sender's row is debited; the receiver's iron is a credit, or applied and saved.
    const [sent] = await db.select().from(players).where(eq(players.id, sender.id));
    expect(sent?.loot[LootId.Iron]).toBe(300);
    // One statement, so it sees one snapshot whatever the flush does meanwhile.
    const held = await db.execute(sql`
      select coalesce((select (loot->>${String(LootId.Iron)})::int from players where id = ${away.id}), 0)
        + coalesce((select sum((loot->>${String(LootId.Iron)})::int) from credits
                    where player_id = ${away.id}), 0) as iron`);
    expect(Number((held as unknown as { rows: Array<{ iron: string }> }).rows[0]?.iron)).toBe(200);
    await suite.restart();
    const back = await connect(suite.server, away.token);
    expect(back.inventory.map((i) => i.id)).toContain(item.id);
    expect(back.loaded.loot[LootId.Iron]).toBeGreaterThanOrEqual(200);
  });

  it("lends an item the borrower can wear, then the borrower returns it", async () => {
    const owner = await namedPlayer(suite.server);
    const borrower = await namedPlayer(suite.server);
    const item = giveItem(suite.server, owner.loaded, { slot: 5, rarity: Rarity.Rare }).item;
    let since = mark(owner);
    owner.client.send("transferItem", { id: item.id, to: borrower.name, borrow: true });
    const lent = await owner.client.next("item", (m) => m.id === item.id, { since });
    expect(lent.item?.borrowerName).toBe(borrower.name);
    const before = stateOf(owner.loaded);
    expect(await toastFor(owner, () => owner.client.send("equipItem", { id: item.id }))).toBe(
      `That item is lent to ${borrower.name}.`,
    );
    expect(stateOf(owner.loaded)).toBe(before);
    since = mark(borrower);
    borrower.client.send("equipItem", { id: item.id });
    await borrower.client.next("item", (m) => m.id === item.id && m.item?.isEquipped === true, {
      since,
    });
    expect(
      await toastFor(borrower, () =>
        borrower.client.send("transferItem", { id: item.id, to: owner.name, borrow: false }),
      ),
    ).toMatch(/borrowed/);
    since = mark(owner);
    borrower.client.send("returnItem", { id: item.id });
    const back = await owner.client.next("item", (m) => m.id === item.id, { since });
    expect(back.item?.borrowerName).toBeUndefined();
    expect(borrower.loaded.inventory.get(item.id)).toBeUndefined();
    expect(borrower.loaded.inventory.equipped()).toHaveLength(0);
    expect(owner.loaded.inventory.lentOut.size).toBe(0);
  });
});
