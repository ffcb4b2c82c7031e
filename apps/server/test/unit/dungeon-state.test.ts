import { describe, expect, it } from "vitest";
import { readDungeon } from "../../src/world/dungeon-state";

const run = (extra: Record<string, unknown> = {}) => ({
  seed: 12,
  size: 3,
  speedrun: false,
  startedAt: 5,
  x: 6,
  y: 6,
  flags: { 3: 4 },
  wounds: {},
  discovered: [84],
  keys: [1],
  loot: {},
  movedAt: 0,
  interactedAt: 0,
  ...extra,
});

describe("readDungeon (the players.dungeon column)", () => {
  it("reads a guild run and the guild objectives count", () => {
    const s = readDungeon({
      guildRun: run({ guild: { guildId: 7, level: 3 } }),
      guildObjectives: 4,
    });
    expect(s.guildRun).toMatchObject({ seed: 12, size: 3, guild: { guildId: 7, level: 3 } });
    expect(s.guildObjectives).toBe(4);
    expect(s.run).toBeNull();
  });

  it("drops a guild run without its guild, and a solo run that claims one", () => {
    const s = readDungeon({ guildRun: run(), run: run({ guild: { guildId: 7, level: 1 } }) });
    expect(s.guildRun).toBeNull();
    expect(s.run).toBeNull();
    expect(readDungeon({ guildRun: run({ guild: { guildId: 0, level: 1 } }) }).guildRun).toBeNull();
    expect(readDungeon({ guildObjectives: -3 }).guildObjectives).toBe(0);
  });

  it("keeps a solo run as it was (no guild field)", () => {
    const s = readDungeon({ run: run() });
    expect(s.run).not.toBeNull();
    expect(s.run && "guild" in s.run).toBe(false);
  });
});
