import { ActionType } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { isNavEntryActive, NAV_ENTRIES, visibleNavEntries } from "./navEntries";

const labels = (entries: { label: string }[]) => entries.map((entry) => entry.label);
const STATIC = [
  "Town",
  "Research",
  "Inventory",
  "Farm",
  "Market",
  "Guild",
  "Dungeon",
  "Pets",
  "Log",
  "Rankings",
  "News",
  "Rules",
  "Premium",
  "Settings",
];

describe("NAV_ENTRIES", () => {
  it("links to the spec's routes", () => {
    const byLabel = Object.fromEntries(NAV_ENTRIES.map((entry) => [entry.label, entry.to]));
    expect(byLabel.Dungeon).toBe("/dungeon-shop");
    expect(byLabel.Log).toBe("/activity-log");
    expect(byLabel.Premium).toBe("/shop");
    expect(byLabel.Battle).toBe("/");
    expect(byLabel.Woodcutting).toBe("/");
  });
});

describe("visibleNavEntries", () => {
  it("shows only the current activity entry", () => {
    expect(labels(visibleNavEntries(ActionType.Battle, []))).toEqual(["Battle", ...STATIC]);
    expect(labels(visibleNavEntries(ActionType.Mining, []))).toEqual(["Mining", ...STATIC]);
    expect(labels(visibleNavEntries(ActionType.Fishing, []))).toEqual(["Fishing", ...STATIC]);
    expect(labels(visibleNavEntries(ActionType.Woodcutting, []))).toEqual([
      "Woodcutting",
      ...STATIC,
    ]);
  });

  it("treats None as Battle and shows no activity without player data", () => {
    expect(labels(visibleNavEntries(ActionType.None, []))[0]).toBe("Battle");
    expect(labels(visibleNavEntries(null, []))).toEqual(STATIC);
  });

  it("drops hidden entries", () => {
    const shown = labels(visibleNavEntries(ActionType.Battle, ["battle", "pets", "logo", "x"]));
    expect(shown).not.toContain("Battle");
    expect(shown).not.toContain("Pets");
    expect(shown).toHaveLength(STATIC.length - 1);
  });
});

describe("isNavEntryActive", () => {
  const entry = (id: string) => NAV_ENTRIES.find((e) => e.id === id)!;
  it("matches the route and its sub-routes", () => {
    expect(isNavEntryActive(entry("battle"), "/")).toBe(true);
    expect(isNavEntryActive(entry("battle"), "/town")).toBe(false);
    expect(isNavEntryActive(entry("market"), "/market/my-orders")).toBe(true);
    expect(isNavEntryActive(entry("guild"), "/guild/list/3")).toBe(true);
    expect(isNavEntryActive(entry("dungeon"), "/dungeon")).toBe(true);
    expect(isNavEntryActive(entry("town"), "/townhall")).toBe(false);
  });
});
