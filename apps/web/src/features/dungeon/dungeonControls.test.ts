import { describe, expect, it } from "vitest";
import {
  clickAction,
  type DungeonView,
  hasDoor,
  isInteractKey,
  joystickDirection,
  keyDirection,
  nextMoveAt,
  secondsText,
} from "./dungeonControls";

const view: DungeonView = {
  guild: false,
  size: 1,
  side: 7,
  rooms: [{ x: 3, y: 3, flags: 0, lock: 0, children: 2 | 4, discovered: true }],
  players: [{ pid: 1, x: 3, y: 3, skin: 0, name: "Mage", swiftness: 0 }],
  keys: [],
  loot: {},
  foundEquipment: [],
  speedrun: false,
  startedAt: 0,
};

describe("dungeon controls", () => {
  it("maps arrows, W/A/S/D, Z and Q to directions; E and Space interact", () => {
    expect(keyDirection("ArrowUp")).toEqual([0, -1]);
    expect(keyDirection("W")).toEqual([0, -1]);
    expect(keyDirection("z")).toEqual([0, -1]);
    expect(keyDirection("q")).toEqual([-1, 0]);
    expect(keyDirection("d")).toEqual([1, 0]);
    expect(keyDirection("x")).toBeNull();
    expect(isInteractKey(" ")).toBe(true);
    expect(isInteractKey("E")).toBe(true);
    expect(isInteractKey("Enter")).toBe(false);
  });

  it("knows the doors of the player's room", () => {
    expect(hasDoor(view, [1, 0])).toBe(true);
    expect(hasDoor(view, [0, 1])).toBe(true);
    expect(hasDoor(view, [0, -1])).toBe(false);
  });

  it("turns a click into interact (own cell) or a step (a neighbour), on a centred camera", () => {
    // 640 × 640 canvas: the player's tile spans 288-352.
    expect(clickAction(view, 300, 300, 640, 640)).toBe("interact");
    expect(clickAction(view, 360, 300, 640, 640)).toEqual([1, 0]);
    expect(clickAction(view, 300, 280, 640, 640)).toEqual([0, -1]);
    expect(clickAction(view, 360, 360, 640, 640)).toBeNull();
    expect(clickAction(view, 500, 300, 640, 640)).toBeNull();
  });

  it("reads the joystick's dominant axis past the dead zone; paces moves; formats seconds", () => {
    expect(joystickDirection(5, 3)).toBeNull();
    expect(joystickDirection(30, -10)).toEqual([1, 0]);
    expect(joystickDirection(-5, -40)).toEqual([0, -1]);
    expect(nextMoveAt(1000, 0)).toBe(2540);
    expect(nextMoveAt(1000, 10)).toBe(1540);
    expect(secondsText(61_234)).toBe("61.234 s");
  });
});
