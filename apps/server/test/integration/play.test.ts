import { ActionType, LootId, Zone } from "@manaspire/game";
import { CLIENT_BUILD } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { trackLoot } from "../../src/world/loot-tracker";
import { TestClient } from "../support/client";
import { guestToken } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

describe.each(testStores())("playing on $kind", (factory) => {
  const suite = serverSuite(factory);

  async function newPlayer(): Promise<TestClient> {
    const client = await TestClient.connect(suite.server.url, await guestToken(suite.server));
    await client.next("versionCheck", (m) => m.build === CLIENT_BUILD);
    client.send("hydrate", {});
    await client.next("playerState");
    return client;
  }

  it("hydrates a new player who fights Radiant Grove enemy 1 and wins", async () => {
    const client = await newPlayer();
    const state = await client.next("playerState");
    expect(state.player.actionType).toBe(ActionType.Battle);
    expect(state.player.zone).toBe(Zone.RadiantGrove);
    expect(state.player.enemy).toBe(1);
    // A new player starts with full actions; a tick may already have spent one (a kill).
    expect(state.player.actions + state.player.kills).toBe(state.player.maxActions);
    const since = client.received.findIndex((m) => m.type === "playerState") + 1;
    const tick = await client.next("battleTick", () => true, { since });
    expect(tick.result.enemyId).toBe(1);
    expect(tick.result.won).toBe(true);
    expect(tick.result.experienceGained).toBeGreaterThan(0);
    const update = await client.next("playerUpdate", (m) => m.patch.kills !== undefined, { since });
    expect(update.patch.kills).toBe(state.player.kills + 1);
    expect(update.patch.actions).toBe(state.player.actions - 1);
    expect(update.patch.loot?.[LootId.ManaDust]).toBeGreaterThan(0);
    client.close();
  });

  it("counts as Active the players who acted in the last tick, idle ones not", async () => {
    const fighter = await newPlayer();
    const idle = await newPlayer();
    idle.send("setActionType", { actionType: ActionType.None, flag: false });
    await idle.next("playerUpdate", (m) => m.patch.actionType === ActionType.None);
    // Players of earlier tests stay loaded and keep acting (an idle game): count who can act.
    const acting = () =>
      [...suite.server.store.loaded.values()].filter(
        (p) => p.actionType !== ActionType.None && p.actions > 0,
      ).length;
    const since = fighter.received.length;
    await fighter.next("battleTick", () => true, { since });
    await fighter.next("battleTick", () => true, { since: fighter.received.length });
    const { active, online } = suite.server.world.counts();
    expect(active).toBe(acting());
    expect(active).toBeLessThan(suite.server.store.loaded.size);
    expect(online).toBeGreaterThanOrEqual(2);
    fighter.close();
    idle.close();
  });

  it("switches to mining and gathers iron", async () => {
    const client = await newPlayer();
    client.send("setActionType", { actionType: ActionType.Mining, flag: false });
    await client.next("playerUpdate", (m) => m.patch.actionType === ActionType.Mining);
    const since = client.received.length;
    const tick = await client.next("gatherTick", () => true, { since });
    expect(tick.result.experienceGained).toBeGreaterThan(0);
    expect(tick.result.loot[LootId.Iron]).toBeGreaterThanOrEqual(1);
    const first = await client.next("playerUpdate", (m) => m.patch.mining !== undefined, { since });
    const later = await client.next(
      "playerUpdate",
      (m) => (m.patch.loot?.[LootId.Iron] ?? 0) > (first.patch.loot?.[LootId.Iron] ?? 0),
      { since },
    );
    expect(later.patch.mining?.experience ?? 0).toBeGreaterThan(
      first.patch.mining?.experience ?? 0,
    );
    client.close();
  });

  it("keeps the enemy level only within a zone or across the top zones", async () => {
    const client = await newPlayer();
    const select = async (zone: 1 | 2 | 3 | 4 | 5, enemy: number, magicType?: 1 | 2 | 3) => {
      const since = client.received.length;
      client.send("selectEnemy", magicType ? { zone, enemy, magicType } : { zone, enemy });
      return (await client.next("playerUpdate", (m) => m.patch.zone !== undefined, { since }))
        .patch;
    };
    expect(await select(Zone.RadiantGrove, 5, 2)).toMatchObject({ enemy: 5, magicType: 2 });
    expect(await select(Zone.WorldshapersDomain, 5)).toMatchObject({ zone: 3, enemy: 1 });
    expect(await select(Zone.WorldshapersDomain, 250)).toMatchObject({ zone: 3, enemy: 250 });
    const moved = await select(Zone.BlazingCore, 250);
    expect(moved).toMatchObject({ zone: 5, enemy: 250, actionType: ActionType.Battle });
    expect(moved.enemyName).toContain("Worldburner");
    expect(await select(Zone.SmolderingMarsh, 250, 1)).toMatchObject({ zone: 2, enemy: 1 });
    const since = client.received.length;
    client.send("selectEnemy", { zone: Zone.RadiantGrove, enemy: 31, magicType: 1 });
    const refusal = await client.next("toast", () => true, { since });
    expect(refusal.text.length).toBeGreaterThan(0);
    client.close();
  });

  it("refreshes actions to the maximum and refuses an incomplete quest", async () => {
    const client = await newPlayer();
    const state = await client.next("playerState");
    await client.next("battleTick");
    client.send("refreshActions", { trusted: true });
    await client.next("playerUpdate", (m) => m.patch.maxActions !== undefined);
    client.send("completeQuest", {
      trusted: true,
      clickX: 1,
      clickY: 1,
      pressDuration: 80,
      timingDelta: 0,
      touch: false,
    });
    const toast = await client.next("toast", (m) => m.text.includes("not complete"));
    expect(toast.text).toBe("Your quest is not complete yet.");
    const player = suite.server.store.loaded.get(state.player.id);
    expect(player?.battleQuestCompleted).toBe(0);
    client.close();
  });

  it("rewards a complete quest with Bound Codex and resets its progress", async () => {
    const client = await newPlayer();
    const state = await client.next("playerState");
    const player = suite.server.store.loaded.get(state.player.id);
    if (!player) throw new Error("player not loaded");
    player.battleQuestProgress = state.player.battleQuestRequired;
    const since = client.received.length;
    client.send("completeQuest", {
      trusted: true,
      clickX: 1,
      clickY: 1,
      pressDuration: 80,
      timingDelta: 0,
      touch: false,
    });
    const update = await client.next("playerUpdate", (m) => m.patch.battleQuestCompleted === 1, {
      since,
    });
    expect(update.patch.loot?.[LootId.BoundCodex]).toBe(1);
    expect(player.battleQuestProgress).toBeLessThan(5);
    client.close();
  });

  it("keeps acting while the player is offline", async () => {
    const token = await guestToken(suite.server);
    const first = await TestClient.connect(suite.server.url, token);
    first.send("hydrate", {});
    const before = (await first.next("playerState")).player;
    first.close();
    await new Promise((r) => setTimeout(r, 600));
    const second = await TestClient.connect(suite.server.url, token);
    second.send("hydrate", {});
    const after = (await second.next("playerState")).player;
    expect(after.kills + after.deaths).toBeGreaterThanOrEqual(before.kills + before.deaths + 3);
    expect(after.actions).toBeLessThan(before.actions);
    second.close();
  });

  it("shows saved and unsaved tracker entries, and clears both", async () => {
    const client = await newPlayer();
    const state = await client.next("playerState");
    client.send("setActionType", { actionType: ActionType.None, flag: false });
    await client.next("playerUpdate", (m) => m.patch.actionType === ActionType.None);
    const player = suite.server.store.loaded.get(state.player.id);
    if (!player) throw new Error("player not loaded");
    const shown = async () => {
      const since = client.received.length;
      client.send("hydrate", {});
      return (await client.next("lootTracker", () => true, { since })).entries;
    };
    const before = await shown();
    const saved = { timestamp: 1_800_000_000_000, lootId: LootId.ElementalShards, amount: 2 };
    const unsaved = { timestamp: 1_800_000_000_001, lootId: LootId.Codex, amount: 1 };
    trackLoot(player, saved);
    await suite.server.store.flush();
    trackLoot(player, unsaved);
    // Oldest first: what was saved (read from loot_tracker), then what is still in memory.
    expect((await shown()).slice(-2)).toEqual([saved, unsaved]);
    expect((await shown()).length).toBe(before.length + 2);
    client.send("clearLootTracker", {});
    expect(await shown()).toEqual([]);
    await suite.server.store.flush();
    expect(await shown()).toEqual([]); // the saved rows went with the save
    trackLoot(player, unsaved);
    expect(await shown()).toEqual([unsaved]);
    client.close();
  });
});
