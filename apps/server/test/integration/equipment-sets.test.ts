import { LootId, Rarity } from "@manaspire/game";
import type { EquipmentSet } from "@manaspire/protocol";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { equipmentSets } from "../../src/db/schema";
import { CONTROL_CHARACTER_REFUSAL } from "../../src/socket/control-chars";
import {
  connect,
  giveItem,
  mark,
  namedPlayer,
  type Player,
  setLoot,
  toastFor,
} from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

describe.each(testStores())("equipment sets on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  async function sets(p: Player, act: () => void): Promise<EquipmentSet[]> {
    const since = mark(p);
    act();
    return (await p.client.next("equipmentSets", () => true, { since })).sets;
  }

  it("creates a set from what is worn, equips it back, updates and deletes it", async () => {
    const p = await namedPlayer(suite.server);
    const staff = giveItem(suite.server, p.loaded, {
      slot: 1,
      rarity: Rarity.Rare,
      equipped: true,
    });
    const robe = giveItem(suite.server, p.loaded, { slot: 2, equipped: true });
    const other = giveItem(suite.server, p.loaded, { slot: 1, rarity: Rarity.Common });
    setLoot(p.loaded, LootId.EventPoints, 1000);
    const sigil = mark(p);
    p.client.send("purchaseSigil", { boost: 86 });
    await p.client.next("playerUpdate", (m) => m.patch.sigilBoost !== undefined, { since: sigil });

    let list = await sets(p, () => p.client.send("equipmentSetCreate", { name: " Main " }));
    expect(list).toEqual([
      { name: "Main", itemIds: [staff.item.id, robe.item.id], sigilId: 86, active: true },
    ]);
    expect(await toastFor(p, () => p.client.send("equipmentSetCreate", { name: "main" }))).toBe(
      "You already have a set named main.",
    );
    expect(await toastFor(p, () => p.client.send("equipmentSetCreate", { name: "  " }))).toBe(
      "Give the equipment set a name.",
    );

    // Take everything off, wear another staff, then put the set back on.
    p.client.send("unequipItem", { slot: 2 });
    p.client.send("equipItem", { id: other.item.id });
    // Another sigil is active now; equipping the set brings back its sigil.
    p.loaded.sigil = { ...p.loaded.sigil, active: 103 };
    let since = mark(p);
    list = await sets(p, () => p.client.send("equipmentSetEquip", { name: "Main" }));
    await p.client.next("item", (m) => m.id === robe.item.id && m.item?.isEquipped === true, {
      since,
    });
    await p.client.next("playerUpdate", (m) => m.patch.activeSigil === 86, { since });
    expect(p.loaded.sigil.active).toBe(86);
    expect([...p.loaded.inventory.equipped()].map((i) => i.id).sort()).toEqual(
      [staff.item.id, robe.item.id].sort(),
    );
    expect(p.loaded.inventory.get(other.item.id)?.equipped).toBe(false);

    // Update it with the other staff; a second set is listed after it.
    p.client.send("equipItem", { id: other.item.id });
    list = await sets(p, () => p.client.send("equipmentSetUpdate", { name: "Main" }));
    expect(list[0]?.itemIds).toEqual([other.item.id, robe.item.id]);
    list = await sets(p, () => p.client.send("equipmentSetCreate", { name: "Bare" }));
    expect(list.map((s) => [s.name, s.active])).toEqual([
      ["Main", false],
      ["Bare", true],
    ]);

    // Sets are saved at once: they are there after a restart.
    await suite.restart();
    const again = await connect(suite.server, p.token);
    list = await sets(again, () => again.client.send("equipmentSetList", {}));
    expect(list.map((s) => s.name)).toEqual(["Main", "Bare"]);

    since = mark(again);
    list = await sets(again, () => again.client.send("equipmentSetDelete", { name: "Main" }));
    expect(list.map((s) => s.name)).toEqual(["Bare"]);
    for (const call of ["equipmentSetDelete", "equipmentSetEquip", "equipmentSetUpdate"] as const) {
      expect(await toastFor(again, () => again.client.send(call, { name: "Main" }))).toBe(
        "You have no set named Main.",
      );
    }
  });

  it("refuses set names with control or invisible characters before they reach the database", async () => {
    const p = await namedPlayer(suite.server);
    const errors = vi.spyOn(suite.server.app.log, "error");
    try {
      const refusal = "Set names can't contain control or invisible characters.";
      // Control characters never reach the handler: the gateway refuses any message with one.
      for (const name of ["Ma\u0000in", "Main\u0007"]) {
        for (const type of ["equipmentSetCreate", "equipmentSetUpdate"] as const) {
          expect(await toastFor(p, () => p.client.send(type, { name })), name).toBe(
            CONTROL_CHARACTER_REFUSAL,
          );
        }
      }
      for (const name of ["\u202eniaM", "Ma\u200bin", "Main\u2028", "\u3164"]) {
        for (const type of ["equipmentSetCreate", "equipmentSetUpdate"] as const) {
          expect(await toastFor(p, () => p.client.send(type, { name })), name).toBe(refusal);
        }
      }
      const nul = { name: "\u0000" };
      expect(await toastFor(p, () => p.client.send("equipmentSetEquip", nul))).toBe(
        CONTROL_CHARACTER_REFUSAL,
      );
      expect(await toastFor(p, () => p.client.send("equipmentSetDelete", nul))).toBe(
        CONTROL_CHARACTER_REFUSAL,
      );
      // A name of nothing visible is no name.
      expect(
        await toastFor(p, () => p.client.send("equipmentSetCreate", { name: "\u2800 \u2800" })),
      ).toBe("Give the equipment set a name.");
      const rows = await suite.server.database.db
        .select()
        .from(equipmentSets)
        .where(eq(equipmentSets.playerId, p.id));
      expect(rows).toEqual([]);
      // Refused as a game rule, never as a failed handler.
      expect(errors.mock.calls.filter((call) => call.includes("handler failed"))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
