import { isTopZone, Zone } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { enemyAfterZoneChange } from "./zoneChange";

describe("enemyAfterZoneChange", () => {
  it("keeps the enemy in the current zone", () => {
    expect(enemyAfterZoneChange(Zone.RadiantGrove, 17, Zone.RadiantGrove)).toBe(17);
    expect(enemyAfterZoneChange(Zone.SmolderingMarsh, 42, Zone.SmolderingMarsh)).toBe(42);
  });

  it("keeps the level between the three top-tier zones", () => {
    expect(enemyAfterZoneChange(Zone.WorldshapersDomain, 250, Zone.BlazingCore)).toBe(250);
    expect(enemyAfterZoneChange(Zone.BlazingCore, 9, Zone.MaelstromsEye)).toBe(9);
  });

  it("resets to 1 otherwise", () => {
    expect(enemyAfterZoneChange(Zone.RadiantGrove, 30, Zone.SmolderingMarsh)).toBe(1);
    expect(enemyAfterZoneChange(Zone.SmolderingMarsh, 70, Zone.WorldshapersDomain)).toBe(1);
    expect(enemyAfterZoneChange(Zone.BlazingCore, 300, Zone.RadiantGrove)).toBe(1);
  });

  it("knows the top tier", () => {
    expect(isTopZone(Zone.RadiantGrove)).toBe(false);
    expect(isTopZone(Zone.MaelstromsEye)).toBe(true);
  });
});
