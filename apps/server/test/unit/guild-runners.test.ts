import { describe, expect, it } from "vitest";
import { type Bus, type BusHandler, type BusMessage, LocalBus } from "../../src/cluster/bus";
import { GuildRunners } from "../../src/services/guild-dungeons/guild-runners";
import type { Sessions } from "../../src/socket/sessions";
import type { LoadedPlayer } from "../../src/world/loaded-player";

/** Processes of one world joined by an in-memory bus (delivered at once, in order). */
class World {
  readonly handlers = new Map<number, BusHandler[]>();
  readonly live = new Set<number>();

  busOf(self: number): Bus {
    const world = this;
    this.handlers.set(self, []);
    this.live.add(self);
    return Object.assign(new LocalBus(), {
      distributed: true,
      publish(msg: BusMessage) {
        for (const [id, hs] of world.handlers) if (id !== self) for (const h of hs) h(msg, self);
      },
      send(to: number, msg: BusMessage) {
        for (const h of world.handlers.get(to) ?? []) h(msg, self);
      },
      on(h: BusHandler) {
        world.handlers.get(self)?.push(h);
      },
    });
  }
}

/** A process: its runners, the sockets it holds, and what each player was told. */
function processOf(world: World, self: number, guilds: Map<number, number>) {
  const online = new Set<number>();
  const told = new Map<number, string[][]>();
  const sessions = {
    has: (id: number) => online.has(id),
    send: (id: number, _type: string, data: { players: { name: string }[] }) => {
      told.set(id, [...(told.get(id) ?? []), data.players.map((r) => r.name)]);
    },
  } as unknown as Sessions;
  const runners = new GuildRunners({
    bus: world.busOf(self),
    sessions,
    selfId: () => self,
    guildOf: (id) => guilds.get(id),
    isLive: (id) => world.live.has(id),
  });
  /** What the player was told last. */
  const last = (id: number) => told.get(id)?.at(-1);
  return { runners, online, told, last };
}

function member(id: number, guildId: number, x = 6, y = 6): LoadedPlayer {
  return {
    id,
    name: `M${id}`,
    boosts: {},
    pets: { dungeonSkin: null },
    dungeon: { guildRun: { x, y, guild: { guildId, level: 1 } } },
  } as unknown as LoadedPlayer;
}

/** Players 1 and 2 of guild 10, and processes 1 and 2 of one world. */
function guildOfTwo() {
  const world = new World();
  const guilds = new Map([
    [1, 10],
    [2, 10],
  ]);
  return { world, guilds, one: processOf(world, 1, guilds), two: processOf(world, 2, guilds) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("GuildRunners", () => {
  it("tells the members of one floor about each other, across processes", async () => {
    const world = new World();
    const guilds = new Map([
      [1, 10],
      [2, 10],
      [3, 20],
    ]);
    const one = processOf(world, 1, guilds);
    const two = processOf(world, 2, guilds);
    const a = member(1, 10);
    const b = member(2, 10);
    const stranger = member(3, 20);
    one.online.add(1);
    one.runners.track(a);
    two.online.add(2).add(3);
    two.runners.track(b);
    two.runners.track(stranger);
    await turn();
    expect(one.last(1)).toEqual(["M2"]);
    expect(two.last(2)).toEqual(["M1"]);
    expect(two.last(3)).toEqual([]);
    expect(two.runners.peersOf(2).map((r) => r.pid)).toEqual([1]);

    // A move of the same place is not news; another room is.
    const told = one.told.get(1)?.length;
    two.runners.track(b);
    await turn();
    expect(one.told.get(1)?.length).toBe(told);
    b.dungeon.guildRun!.x = 7;
    two.runners.track(b);
    await turn();
    expect(one.runners.peersOf(1)).toEqual([expect.objectContaining({ pid: 2, x: 7 })]);

    // Offline (no socket) is off the floor.
    two.online.delete(2);
    two.runners.track(b);
    await turn();
    expect(one.last(1)).toEqual([]);
  });

  it("ignores a departure told by a process that no longer holds the player", async () => {
    const { world, guilds, one, two } = guildOfTwo();
    const three = processOf(world, 3, guilds);
    const a = member(1, 10);
    const b = member(2, 10);
    one.online.add(1);
    one.runners.track(a);
    // b plays on two, then moves to three (a handover): two's late goodbye changes nothing.
    two.online.add(2);
    two.runners.track(b);
    three.online.add(2);
    three.runners.track(b);
    for (const h of world.handlers.get(1) ?? []) {
      h({ k: "guildRunnerGone", floor: "10:1", playerId: 2 }, 2);
    }
    await turn();
    expect(one.runners.peersOf(1).map((r) => r.pid)).toEqual([2]);
  });

  it("forgets the runners of a process that died, and a member who left the guild", async () => {
    const { world, guilds, one, two } = guildOfTwo();
    one.online.add(1);
    one.runners.track(member(1, 10));
    two.online.add(2);
    two.runners.track(member(2, 10));
    expect(one.runners.peersOf(1)).toHaveLength(1);
    world.live.delete(2);
    expect(one.runners.peersOf(1)).toEqual([]);

    guilds.delete(1);
    one.runners.track(member(1, 10));
    expect(one.runners.size).toBe(0);
  });

  it("keeps only the floors its own players are on", async () => {
    const { one, two } = guildOfTwo();
    const a = member(1, 10);
    const b = member(2, 10);
    two.online.add(2);
    two.runners.track(b); // nobody of process one is on the floor: one keeps nothing
    expect(one.runners.size).toBe(0);
    one.online.add(1);
    one.runners.track(a); // one asks, two answers
    expect(one.runners.peersOf(1).map((r) => r.pid)).toEqual([2]);
    one.online.delete(1);
    one.runners.leave(1); // the last of one's players left: the floor goes whole
    expect(one.runners.size).toBe(0);
    b.dungeon.guildRun!.x = 9;
    two.runners.track(b);
    await turn();
    expect(one.runners.size).toBe(0);
    expect(two.runners.peersOf(2)).toEqual([]);
  });
});
