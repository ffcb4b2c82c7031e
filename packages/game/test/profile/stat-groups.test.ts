import { describe, expect, it } from "vitest";
import { Element } from "../../src/enums";
import { guildEffects } from "../../src/guilds";
import { profileStatGroups, STAT_GROUP_TITLES, type StatGroup } from "../../src/profile";

/** A hand-computed level-1 fire mage (level factor 1). */
const groups = profileStatGroups({
  level: 1,
  miningLevel: 10,
  fishingLevel: 0,
  woodcuttingLevel: 0,
  magicType: Element.Fire,
  staffElement: Element.Fire,
  boosts: { 3: 10, 4: 5, 1: 20, 60: 3, 100: 10, 105: 4 },
  totalBoosts: {
    3: 10,
    4: 5,
    1: 20,
    10: 50,
    42: 10,
    83: 100,
    30: 20,
    124: 1,
    100: 10,
    105: 4,
    69: 2,
    121: 8,
  },
});

function line(title: string, label: string): number {
  const group = groups.find((g: StatGroup) => g.title === title);
  const found = group?.lines.find((l) => l.label === label);
  if (!found) throw new Error(`${title} / ${label} missing`);
  return found.value;
}

describe("the profile's stat groups", () => {
  it("are the spec's ten, in order", () => {
    expect(groups.map((g) => g.title)).toEqual([...STAT_GROUP_TITLES]);
    expect(STAT_GROUP_TITLES).toHaveLength(10);
  });

  it("derive the base stats as the battle does", () => {
    expect(line("Base Stats", "Intellect")).toBe(20);
    expect(line("Base Stats", "Stamina")).toBe(15);
    expect(line("Base Stats", "Focus")).toBe(10);
    // base spellpower 10 + 20 = 30, × intellect 20/10, × (1 + 50% mastery): 90
    expect(line("Base Stats", "Total Spellpower")).toBeCloseTo(90, 10);
    expect(line("Base Stats", "Total Ward")).toBe(10);
    expect(line("Base Stats", "Max Health")).toBe(150); // 15 stamina × 10
    expect(line("Base Stats", "Max Mana")).toBe(100);
  });

  it("show masteries and resistances as percentages", () => {
    expect(line("Elemental Mastery", "Fire Mastery")).toBe(50);
    expect(line("Elemental Mastery", "Fire Resistance")).toBeCloseTo(100 * (1 - 0.99 ** 100), 10);
    expect(line("Elemental Mastery", "Water Resistance")).toBe(0);
  });

  it("show enchanting skills from the player's own boosts", () => {
    expect(line("Enchanting Skills", "Inferno")).toBe(3);
    expect(line("Enchanting Skills", "Vitality")).toBe(0);
  });

  it("compute resources per action with the gathering rule", () => {
    expect(line("Gathering Boosts", "Mining")).toBe(20);
    // (1 + 0.03 × 10 + base resource amount 1) × (1 + 20%) = 2.76
    expect(line("Gathering Boosts", "Iron per Action")).toBeCloseTo(2.76, 10);
    expect(line("Gathering Boosts", "Fish per Action")).toBeCloseTo(2, 10);
  });

  it("include the base crit chance and damage", () => {
    expect(line("Combat Skills", "Crit Chance")).toBeCloseTo(15, 10);
    expect(line("Combat Skills", "Crit Damage")).toBeCloseTo(50, 10);
  });

  it("show spell cost and mana regeneration", () => {
    expect(line("Spells", "Spell Cost")).toBe(20);
    expect(line("Spells", "Mana Regeneration")).toBe(5);
  });

  it("show codex research with what it does", () => {
    expect(line("Codex Boosts", "Base Experience")).toBe(10);
    expect(line("Codex Boosts", "Max Actions")).toBe(1020); // 1000 + 5 × 4
    expect(line("Codex Boosts", "Battle Quest Length")).toBe(300);
  });

  it("show the enchants' effects, two percent a rank", () => {
    expect(line("Other Equipment Boosts", "Fortune (rare drops)")).toBe(4);
    expect(line("Other Equipment Boosts", "Mana Dust")).toBe(8);
  });

  it("list farm and dungeon boosts", () => {
    expect(line("Farm", "Plots")).toBe(0);
    expect(line("Dungeons", "Queue")).toBe(0);
  });
});

describe("the guild's effects in the stat groups", () => {
  const input = {
    level: 1,
    miningLevel: 10,
    fishingLevel: 0,
    woodcuttingLevel: 0,
    magicType: Element.Fire,
    boosts: {},
    totalBoosts: { 3: 10 },
  };
  const find = (gs: StatGroup[], title: string, label: string) =>
    gs.find((g) => g.title === title)?.lines.find((l) => l.label === label)?.value;

  it("enter spell cost, max actions and resources, with lines of their own", () => {
    const guild = guildEffects({ 3: 4, 5: 2, 6: 3, 7: 10 }, 20);
    const gs = profileStatGroups({ ...input, guild });
    const plain = profileStatGroups(input);
    expect(find(gs, "Spells", "Spell Cost")).toBeCloseTo(
      (find(plain, "Spells", "Spell Cost") ?? 0) * 0.96 ** 2,
    );
    expect(find(gs, "Spells", "Guild Spell Cost (Mana Conduit)")).toBeCloseTo(-7.84);
    expect(find(gs, "Codex Boosts", "Max Actions")).toBe(1100);
    expect(find(gs, "Codex Boosts", "Guild Max Actions (Sleeping Quarters)")).toBeCloseTo(10);
    expect(find(gs, "Codex Boosts", "Guild Base Experience (Study)")).toBeCloseTo(3);
    expect(
      find(gs, "Other Equipment Boosts", "Guild Elemental Shards (Nexus Crystal)"),
    ).toBeCloseTo(4);
    expect(
      find(gs, "Other Equipment Boosts", "Guild Level (resources, orbs, formulas, elementium)"),
    ).toBeCloseTo(10);
    expect(find(gs, "Gathering Boosts", "Iron per Action")).toBeCloseTo(
      (find(plain, "Gathering Boosts", "Iron per Action") ?? 0) * 1.1,
    );
  });

  it("show no guild lines when the guild's effects are unknown", () => {
    const labels = profileStatGroups(input).flatMap((g) => g.lines.map((l) => l.label));
    expect(labels.some((l) => l.startsWith("Guild"))).toBe(false);
  });
});
