import { ActionType, LootId, PresetOperation, Size } from "@manaspire/game";
import { clientProtocol } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_REFUSAL } from "../../src/socket/control-chars";
import { Col, markDirty } from "../../src/world/player-columns";
import {
  connect,
  mark,
  namedPlayer,
  type Player,
  setLoot,
  stateOf,
  toastFor,
} from "../support/players";
import { expectRefused } from "../support/refusals";
import { savedPlayer } from "../support/saved";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

/** The dungeon hub and idle dungeons (spec 001 sections 4, 8 and 9) on both stores. */
describe.each(testStores())("dungeon hub and idle dungeons on $kind", (factory) => {
  // No ticks of their own: the tests act with world.tick().
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  const refused = expectRefused;
  const idle = (size: Size) => ({
    size,
    idle: true,
    manual: false,
    trusted: false,
    speedrun: false,
  });

  it("sets the idle size; a size outside the enum is a protocol error that changes nothing", async () => {
    const p = await namedPlayer(suite.server);
    const since = mark(p);
    p.client.send("dungeonStart", idle(Size.Medium));
    const up = await p.client.next("playerUpdate", (m) => m.patch.dungeonIdleSize === 2, { since });
    expect(up.patch).toMatchObject({ dungeonIdleTicks: 0, dungeonsCompleted: 0 });
    expect(p.loaded.dungeon.idleSize).toBe(Size.Medium);
    // A forged frame with size 9 (and 255, "negative"): the byte after the opcode.
    const a = clientProtocol.encode("dungeonStart", idle(Size.Small));
    const b = clientProtocol.encode("dungeonStart", idle(Size.Large));
    const at = a.findIndex((v, i) => v !== b[i]);
    for (const bad of [9, 255]) {
      const frame = a.slice();
      frame[at] = bad;
      const before = stateOf(p.loaded);
      const text = await toastFor(p, () => p.client.sendRaw(frame));
      expect(text).toMatch(/could not read/i);
      expect(stateOf(p.loaded)).toBe(before);
    }
  });

  it("buys upgrades with Dungeon Points within the caps; unlocks with Mana Dust up to the queue", async () => {
    const p = await namedPlayer(suite.server);
    setLoot(p.loaded, LootId.DungeonPoints, 100);
    let since = mark(p);
    p.client.send("purchaseBoost", { boost: 141, amount: 2 }); // 5 + 10
    let up = await p.client.next("playerUpdate", (m) => m.patch.boosts?.[141] === 2, { since });
    expect(up.patch.loot?.[LootId.DungeonPoints]).toBe(85);
    const buy = (boost: number, amount: number) => () =>
      p.client.send("purchaseBoost", { boost, amount });
    setLoot(p.loaded, LootId.DungeonPoints, 59);
    await refused(p, buy(144, 1), "Not enough Dungeon Points.");
    setLoot(p.loaded, LootId.DungeonPoints, 1e9);
    await refused(p, buy(144, 6), "Perception can only be raised 5 more levels (max 5).");
    await refused(p, buy(143, 11), "Swiftness can only be raised 10 more levels (max 10).");
    await refused(p, buy(141, 99), "Idle Speed can only be raised 98 more levels (max 100).");
    await refused(p, buy(146, 2), "Auto Loot can only be raised 1 more level (max 1).");
    await refused(p, buy(141, 0), "Amount must be at least 1.");
    // Unlocked: 1,000 Mana Dust each, at most the queue (1 + Queue level) ahead.
    setLoot(p.loaded, LootId.ManaDust, 5_000);
    await refused(p, buy(140, 2), "Dungeons Unlocked can only be raised 1 more level (max 1).");
    since = mark(p);
    p.client.send("purchaseBoost", { boost: 142, amount: 1 });
    await p.client.next("playerUpdate", (m) => m.patch.boosts?.[142] === 1, { since });
    since = mark(p);
    p.client.send("purchaseBoost", { boost: 140, amount: 2 });
    up = await p.client.next("playerUpdate", (m) => m.patch.boosts?.[140] === 2, { since });
    expect(up.patch.loot?.[LootId.ManaDust]).toBe(3_000);
    await refused(p, buy(140, 1), "Dungeons Unlocked is at its maximum level (2).");
  });

  it("manages presets: create, activate, delete; bad names and another's preset refused", async () => {
    const p = await namedPlayer(suite.server);
    const other = await namedPlayer(suite.server);
    const preset = (who: Player, operation: number, name: string) => () =>
      who.client.send("dungeonManagePreset", { operation: operation as 1 | 2 | 3, name });
    await toastFor(other, () => other.client.send("dungeonStart", idle(Size.Large)));
    expect(await toastFor(other, preset(other, PresetOperation.Create, "Deep"))).toBe(
      "Preset Deep saved.",
    );
    await toastFor(p, () => p.client.send("dungeonStart", idle(Size.Small)));
    expect(await toastFor(p, preset(p, PresetOperation.Create, " Quick "))).toBe(
      "Preset Quick saved.",
    );
    await refused(p, preset(p, PresetOperation.Activate, "Deep"), "You have no preset named Deep.");
    await refused(p, preset(p, PresetOperation.Delete, "Deep"), "You have no preset named Deep.");
    await refused(p, preset(p, PresetOperation.Create, "Bad\u0000name"), CONTROL_CHARACTER_REFUSAL);
    await refused(
      p,
      preset(p, PresetOperation.Create, "Bad\u200bname"),
      "Preset names can't contain control or invisible characters.",
    );
    await refused(p, preset(p, PresetOperation.Create, "   "), "Give the preset a name.");
    let since = mark(p);
    p.client.send("dungeonStart", idle(Size.None));
    await p.client.next("playerUpdate", (m) => m.patch.dungeonActivePreset === "", { since });
    since = mark(p);
    p.client.send("dungeonManagePreset", { operation: 3, name: "Quick" });
    const up = await p.client.next("playerUpdate", (m) => m.patch.dungeonIdleSize === 1, { since });
    expect(up.patch).toMatchObject({ dungeonActivePreset: "Quick", dungeonPresets: ["Quick"] });
    expect(other.loaded.dungeon.presets).toEqual([{ name: "Deep", idleSize: Size.Large }]);
    since = mark(p);
    p.client.send("dungeonManagePreset", { operation: 2, name: "Quick" });
    await p.client.next("playerUpdate", (m) => m.patch.dungeonPresets?.length === 0, { since });
  });

  it("runs idle dungeons in the tick: treasure, tracker, the queue finished; saved across a restart", async () => {
    const p = await namedPlayer(suite.server);
    const d = p.loaded.dungeon;
    Object.assign(p.loaded.boosts, { 140: 2, 141: 100, 145: 50 }); // 200 ticks, +50% treasure
    p.loaded.actionType = ActionType.Mining;
    p.loaded.actions = 1000;
    markDirty(p.loaded, Col.boosts, Col.actionType, Col.actions);
    let since = mark(p);
    p.client.send("dungeonStart", idle(Size.Small));
    await p.client.next("playerUpdate", (m) => m.patch.dungeonIdleSize === 1, { since });
    d.idleTicks = 199;
    since = mark(p);
    suite.server.world.tick();
    const done = await p.client.next("toast", () => true, { since });
    expect(done.text).toBe("Idle dungeon complete (+15 Dungeon Points).");
    expect(d).toMatchObject({ completed: 1, idleTicks: 0 });
    expect(p.loaded.loot[LootId.DungeonPoints]).toBe(15);
    suite.server.world.tick();
    expect(d.idleTicks).toBe(1);
    d.idleTicks = 199;
    since = mark(p);
    suite.server.world.tick();
    const last = await p.client.next("toast", () => true, { since });
    expect(last.text).toBe(
      "Idle dungeon complete (+15 Dungeon Points). Your dungeon queue is finished.",
    );
    // Finished (2 completed of 2 unlocked): no more ticks count.
    suite.server.world.tick();
    expect(d).toMatchObject({ completed: 2, idleTicks: 0 });
    since = mark(p);
    p.client.send("getDungeonLootTracker", { reset: false });
    const tracker = await p.client.next("dungeonLootTracker", () => true, { since });
    expect(tracker.loot[LootId.DungeonPoints]).toBe(30);
    expect(tracker.loot[LootId.ManaDust]).toBe(1500);

    p.client.close();
    await suite.server.stop();
    const row = await savedPlayer(suite.store, p.id);
    expect(row.dungeon).toMatchObject({ idleSize: 1, completed: 2 });
    await suite.restart();
    const back = await connect(suite.server, p.token);
    expect(back.loaded.dungeon).toMatchObject({ idleSize: Size.Small, completed: 2 });
    back.client.close();
  });
});
