import { ActionType, Zone } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { BATTLE_ZONES, GATHERING_ZONES, OTHER_PLACES } from "./townPlaces";

describe("town places", () => {
  it("lists the five battle zones with their ids", () => {
    expect(BATTLE_ZONES.map((z) => [z.id, z.name])).toEqual([
      [Zone.RadiantGrove, "Radiant Grove"],
      [Zone.SmolderingMarsh, "The Smoldering Marsh"],
      [Zone.WorldshapersDomain, "Worldshaper's Domain"],
      [Zone.MaelstromsEye, "Maelstrom's Eye"],
      [Zone.BlazingCore, "Blazing Core"],
    ]);
    expect(BATTLE_ZONES[0]?.tier).toBe("Beginner");
    expect(BATTLE_ZONES[1]?.tier).toBe("Intermediate");
  });

  it("lists the gathering zones with their action types", () => {
    expect(GATHERING_ZONES.map((z) => [z.actionType, z.name])).toEqual([
      [ActionType.Mining, "Ironclad Mines"],
      [ActionType.Fishing, "Azure Lake"],
      [ActionType.Woodcutting, "Elderwood Grove"],
    ]);
  });

  it("links the other places", () => {
    const links = Object.fromEntries(OTHER_PLACES.map((p) => [p.name, p.to]));
    expect(links).toEqual({
      Farm: "/farm",
      Market: "/market",
      Guild: "/guild",
      Dungeon: "/dungeon-shop",
      "Hall of Fame": "/rankings",
      "Notice Board": "/rules",
      "News Board": "/news",
    });
  });
});
