import {
  doorToward,
  isKnight,
  LootId,
  Occupant,
  occupantOf,
  RoomFlag,
  runFlags,
  Size,
  withOccupant,
} from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { cellOf, pathTo, runAndMap } from "../support/dungeons";
import { connect, mark, namedPlayer, type Player, setLoot, toastFor } from "../support/players";
import { expectRefused } from "../support/refusals";
import { savedPlayer } from "../support/saved";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { sleep } from "../support/wait";

/** Dungeons by hand (spec 001 sections 4, 8 and 9) on both stores, with the attacker cases. */
describe.each(testStores())("dungeons by hand on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  const start = (p: Player, size: Size, speedrun = false) =>
    p.client.send("dungeonStart", { size, idle: false, manual: true, trusted: false, speedrun });
  const refused = expectRefused;
  /** A player with `unlocked` dungeons unlocked, in a dungeon of `size`. */
  const inDungeon = async (size: Size, unlocked = 1) => {
    const p = await namedPlayer(suite.server);
    p.loaded.boosts[140] = unlocked;
    const since = mark(p);
    start(p, size);
    await p.client.next("dungeonState", () => true, { since });
    return p;
  };
  /** Moves to a cell (no occupant, the delay waived), waiting for the new state. */
  const step = async (p: Player, cell: number) => {
    // Under the socket's 20 messages a second.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { run, map } = runAndMap(p.loaded);
    run.movedAt = 0;
    const since = mark(p);
    p.client.send("dungeonMove", {
      x: cell % map.side,
      y: Math.floor(cell / map.side),
      guild: false,
    });
    return (await p.client.next("dungeonState", () => true, { since })).state;
  };
  /** Walks to a cell, with the occupants on the way and the locks taken out first. */
  const walk = async (p: Player, target: number) => {
    const { run, map } = runAndMap(p.loaded);
    for (const cell of pathTo(map, cellOf(run, map), target)) {
      run.flags[cell] = withOccupant(runFlags(map, run, cell), Occupant.None);
      const lock = map.rooms[cell]!.lock;
      if (lock > 0 && !run.keys.includes(lock)) run.keys.push(lock);
      await step(p, cell);
    }
    // The gateway takes RATE_LIMIT_PER_SECOND frames a second from a socket and drops the rest:
    // a long walk on a quick machine left the test's next messages none (a move went unanswered).
    await sleep(1050);
  };

  it("starts one dungeon, needs an unlock, and refuses a second", async () => {
    const p = await namedPlayer(suite.server);
    await refused(p, () => start(p, Size.Small), "Unlock a dungeon first (Mana Dust).");
    p.loaded.boosts[140] = 1;
    const since = mark(p);
    start(p, Size.Medium);
    const { state } = await p.client.next("dungeonState", () => true, { since });
    expect(state).toMatchObject({ size: 2, side: 9, guild: false, speedrun: false, keys: [] });
    expect(state.players[0]).toMatchObject({ pid: p.id, x: 4, y: 4, name: p.name });
    expect(state.rooms).toHaveLength(9); // Perception 0: radius 1
    const up = await p.client.next("playerUpdate", (m) => m.patch.dungeonInProgress === true, {
      since,
    });
    expect(up.patch.dungeonInProgress).toBe(true);
    await refused(p, () => start(p, Size.Small), "You already have a dungeon in progress.");
    await refused(p, () => start(p, Size.None), "Choose a small, medium or large dungeon.");
  });

  it("refuses moves of more than one room, through walls, locked doors, and faster than the delay", async () => {
    const p = await inDungeon(Size.Large);
    const { run, map } = runAndMap(p.loaded);
    const move = (x: number, y: number) => () =>
      p.client.send("dungeonMove", { x, y, guild: false });
    await refused(p, move(run.x + 2, run.y), "You can only move to a neighbouring room.");
    await refused(p, move(run.x + 1, run.y + 1), "You can only move to a neighbouring room.");
    await refused(p, move(-300, 32000), "You can only move to a neighbouring room.");
    await refused(p, move(run.x, run.y), "You can only move to a neighbouring room.");
    // A wall: a neighbour inside the grid without a door.
    const here = map.rooms[cellOf(run, map)]!;
    const wall = (
      [
        [0, -1],
        [1, 0],
        [0, 1],
        [-1, 0],
      ] as const
    ).find(([x, y]) => !(here.doors & doorToward(x, y)));
    if (wall) await refused(p, move(run.x + wall[0], run.y + wall[1]), "A wall blocks the way.");
    // A locked room, entered from its door's side without the key.
    const locked = map.rooms.findIndex((r) => r.lock > 0);
    const room = map.rooms[locked]!;
    const [dx, dy] = (
      [
        [0, -1],
        [1, 0],
        [0, 1],
        [-1, 0],
      ] as const
    ).find(([x, y]) => room.doors & doorToward(x, y))!;
    run.x = room.x + dx;
    run.y = room.y + dy;
    run.movedAt = 0;
    await refused(p, move(room.x, room.y), `That door is locked: it needs key ${room.lock}.`);
    // Faster than the delay (1,500 ms without Swiftness).
    run.keys.push(room.lock);
    run.flags[locked] = withOccupant(runFlags(map, run, locked), Occupant.None);
    await step(p, locked);
    const back = (room.y + dy) * map.side + room.x + dx;
    await refused(
      p,
      move(back % map.side, Math.floor(back / map.side)),
      "Not so fast: wait for your movement delay.",
    );
    await refused(
      p,
      () => p.client.send("dungeonMove", { x: room.x + dx, y: room.y + dy, guild: true }),
      "You are not in your guild's dungeon.",
    );
  });

  it("opens a chest once, throttles interactions, fights a knight, leaves through the exit", async () => {
    const p = await inDungeon(Size.Small);
    setLoot(p.loaded, LootId.DungeonPoints, 0);
    const { run, map } = runAndMap(p.loaded);
    const chest = map.rooms.findIndex(
      (r, c) => (r.flags & RoomFlag.Chest) !== 0 && r.key === 0 && c !== map.exit,
    );
    await walk(p, chest);
    let since = mark(p);
    p.client.send("dungeonInteract", { flags: 0 });
    const opened = await p.client.next("dungeonState", () => true, { since });
    const room = opened.state.rooms.find(
      (r) => r.x === chest % map.side && r.y === Math.floor(chest / map.side),
    );
    expect(room!.flags & RoomFlag.Opened).toBe(RoomFlag.Opened);
    expect(opened.state.loot[LootId.DungeonPoints]).toBeGreaterThanOrEqual(2);
    await refused(
      p,
      () => p.client.send("dungeonInteract", { flags: 0 }),
      "Not so fast: one interaction every half second.",
    );
    // A knight next door: the player fights it and stays; combat text comes with the state.
    const here = cellOf(run, map);
    const next = pathTo(map, here, map.exit)[0]!;
    run.flags[next] = withOccupant(runFlags(map, run, next), Occupant.RedKnight);
    // The map is random: the room may be locked (its key, as `walk` does).
    const lock = map.rooms[next]!.lock;
    if (lock > 0 && !run.keys.includes(lock)) run.keys.push(lock);
    run.movedAt = 0;
    since = mark(p);
    p.client.send("dungeonMove", {
      x: next % map.side,
      y: Math.floor(next / map.side),
      guild: false,
    });
    const fought = await p.client.next("dungeonState", () => true, { since });
    expect(fought.state.combat).toMatchObject({
      x: next % map.side,
      y: Math.floor(next / map.side),
    });
    expect(fought.state.combat!.maxHealth).toBeGreaterThan(0);
    expect(cellOf(run, map)).toBe(here);
    const won = !isKnight(occupantOf(runFlags(map, run, next)));
    expect(won || (run.wounds[next] ?? 0) > 0).toBe(true);

    await walk(p, map.exit);
    run.interactedAt = 0;
    if ((runFlags(map, run, map.exit) & RoomFlag.Chest) !== 0) {
      p.client.send("dungeonInteract", { flags: 0 });
      await p.client.next("dungeonState", () => true, { since: mark(p) - 1 });
      run.interactedAt = 0;
    }
    const found = run.loot[LootId.DungeonPoints] ?? 0;
    since = mark(p);
    p.client.send("dungeonInteract", { flags: 0 });
    const done = await p.client.next("toast", () => true, { since });
    expect(done.text).toMatch(/^Dungeon complete! \+\d+ Dungeon Points/);
    expect(p.loaded.dungeon).toMatchObject({ run: null, completed: 1, manual: 1, treasures: 1 });
    expect(p.loaded.dungeon.rooms).toBeGreaterThanOrEqual(9);
    expect(p.loaded.loot[LootId.DungeonPoints]).toBe(found + 10);
    // The one unlock is used.
    await refused(p, () => start(p, Size.Small), "Unlock a dungeon first (Mana Dust).");
  });

  it("abandoning loses the treasure; a speedrun counts nothing and records the time", async () => {
    const p = await inDungeon(Size.Small);
    p.loaded.dungeon.run!.loot = { [LootId.DungeonPoints]: 50 };
    expect(await toastFor(p, () => p.client.send("dungeonQuit", {}))).toBe(
      "Dungeon abandoned: its progress and treasure are lost.",
    );
    expect(p.loaded.dungeon).toMatchObject({ run: null, completed: 0 });
    expect(p.loaded.loot[LootId.DungeonPoints] ?? 0).toBe(0);
    await refused(p, () => p.client.send("dungeonQuit", {}), "You have no dungeon in progress.");
    await refused(
      p,
      () => p.client.send("dungeonInteract", { flags: 0 }),
      "You have no dungeon in progress.",
    );
    const since = mark(p);
    start(p, Size.Small, true);
    await p.client.next("dungeonState", (m) => m.state.speedrun, { since });
    const { map } = runAndMap(p.loaded);
    await walk(p, map.exit);
    const run = p.loaded.dungeon.run!;
    run.interactedAt = 0;
    run.flags[map.exit] = runFlags(map, run, map.exit) & ~RoomFlag.Chest;
    const done = await toastFor(p, () => p.client.send("dungeonInteract", { flags: 0 }));
    expect(done).toMatch(/^Speedrun \(Small\) done in \d+\.\d{3} s: a new best!$/);
    expect(p.loaded.dungeon.completed).toBe(0);
    expect(p.loaded.dungeon.speedrun[0]).toBeGreaterThan(0);
    expect(p.loaded.loot[LootId.DungeonPoints] ?? 0).toBe(0);
  });

  it("keeps the dungeon across a reconnect and a server restart", async () => {
    const p = await inDungeon(Size.Medium);
    const { run, map } = runAndMap(p.loaded);
    const next = pathTo(map, cellOf(run, map), map.exit)[0]!;
    run.flags[next] = withOccupant(runFlags(map, run, next), Occupant.None);
    const moved = await step(p, next);
    p.client.close();
    const again = await connect(suite.server, p.token);
    const resumed = await again.client.next("dungeonState");
    expect(resumed.state.players[0]).toMatchObject(moved.players[0]!);
    again.client.close();
    await suite.server.stop();
    const row = await savedPlayer(suite.store, p.id);
    expect((row.dungeon as { run: { x: number } }).run.x).toBe(next % map.side);
    await suite.restart();
    const back = await connect(suite.server, p.token);
    const restored = await back.client.next("dungeonState");
    expect(restored.state.players[0]).toMatchObject({
      x: next % map.side,
      y: Math.floor(next / map.side),
    });
    expect(restored.state.rooms.length).toBe(moved.rooms.length);
    expect(back.loaded.dungeon.run?.seed).toBe(run.seed);
    back.client.close();
  }, 180_000);
});
