import { describe, expect, it } from "vitest";
import { initialDungeon, reduceDungeon } from "../../store/slices/dungeon";
import type { DungeonView } from "./dungeonControls";
import { peerMarks, peerRows } from "./guildPeers";

const player = (pid: number, name: string, x: number, y: number) => ({
  pid,
  x,
  y,
  skin: 0,
  name,
  swiftness: 0,
});

const view: DungeonView = {
  guild: true,
  size: 3,
  side: 13,
  rooms: [],
  players: [
    player(1, "Me", 6, 6),
    player(2, "Ana", 6, 6),
    player(3, "Bo", 7, 7),
    player(4, "Cy", 10, 2),
    player(5, "Di", 6, 6),
  ],
  keys: [],
  loot: {},
  foundEquipment: [],
  speedrun: false,
  startedAt: 0,
};

describe("guild dungeon peers", () => {
  it("names members near the player or under the pointer, or every one when asked", () => {
    const near = peerMarks(view, false);
    expect(near.map((p) => [p.name, p.labelled])).toEqual([
      ["Ana", true],
      ["Bo", true], // diagonal neighbour
      ["Cy", false],
      ["Di", true],
    ]);
    expect(peerMarks(view, false, { x: 10, y: 2 }).find((p) => p.name === "Cy")?.labelled).toBe(
      true,
    );
    expect(peerMarks(view, true).every((p) => p.labelled)).toBe(true);
  });

  it("places members of one room side by side", () => {
    expect(peerMarks(view, false).map((p) => p.slot)).toEqual([0, 0, 0, 1]);
  });

  it("lists the others nearest first, saying where they are", () => {
    expect(peerRows(view)).toEqual([
      { pid: 2, name: "Ana", where: "in your room" },
      { pid: 5, name: "Di", where: "in your room" },
      { pid: 3, name: "Bo", where: "at (7, 7)" },
      { pid: 4, name: "Cy", where: "at (10, 2)" },
    ]);
    expect(peerRows({ ...view, players: [player(1, "Me", 6, 6)] })).toEqual([]);
  });

  it("keeps the player's own place when the others change, and waits for a run", () => {
    const others = { type: "guildDungeonPlayers", data: { players: [player(9, "Ed", 1, 1)] } };
    // No run yet: nothing to add the others to (the run's state will carry them).
    expect(reduceDungeon(initialDungeon, others as never).guildRun).toBeNull();
    const withRun = reduceDungeon(initialDungeon, {
      type: "dungeonState",
      data: { state: view },
    } as never);
    const after = reduceDungeon(withRun, others as never);
    expect(after.guildRun?.players.map((p) => p.name)).toEqual(["Me", "Ed"]);
    expect(after.run).toBeNull();
  });
});
