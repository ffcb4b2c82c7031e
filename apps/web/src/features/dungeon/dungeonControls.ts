/**
 * The dungeon view's controls (spec 001 "Dungeon view"), pure and unit-tested: keys to
 * directions (arrows, W/A/S/D, and Z/Q for AZERTY keyboards), E or Space to interact, a click or
 * tap to a neighbouring cell or the own cell, the joystick's drag to a direction, and the walls
 * the browser knows of (so it does not send a move the server would refuse for a wall).
 */
import { DUNGEON_TILE_PX, doorToward, moveDelayMs } from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";

export type DungeonView = ServerPayload<"dungeonState">["state"];
export type Direction = readonly [dx: number, dy: number];

const KEYS: Readonly<Record<string, Direction>> = {
  arrowup: [0, -1],
  arrowdown: [0, 1],
  arrowleft: [-1, 0],
  arrowright: [1, 0],
  w: [0, -1],
  z: [0, -1],
  s: [0, 1],
  a: [-1, 0],
  q: [-1, 0],
  d: [1, 0],
};

/** The direction of a key (KeyboardEvent.key), or null. */
export function keyDirection(key: string): Direction | null {
  return KEYS[key.toLowerCase()] ?? null;
}

export function isInteractKey(key: string): boolean {
  return key === " " || key.toLowerCase() === "e";
}

/** The player's own position in the state (the first player: solo). */
export function selfOf(view: DungeonView): { x: number; y: number } {
  return view.players[0] ?? { x: 0, y: 0 };
}

/** Whether the player's room has a door that way (the server checks locks and the rest). */
export function hasDoor(view: DungeonView, [dx, dy]: Direction): boolean {
  const me = selfOf(view);
  const room = view.rooms.find((r) => r.x === me.x && r.y === me.y);
  return room !== undefined && (room.children & doorToward(dx, dy)) !== 0;
}

/** The cell under canvas pixel (px, py). */
export function cellAt(
  view: DungeonView,
  px: number,
  py: number,
  width: number,
  height: number,
): { x: number; y: number } {
  const me = selfOf(view);
  const origin = cellToPixel(view, me.x, me.y, width, height);
  return {
    x: me.x + Math.floor((px - origin.px) / DUNGEON_TILE_PX),
    y: me.y + Math.floor((py - origin.py) / DUNGEON_TILE_PX),
  };
}

/** Where the camera puts the player: the canvas centre. Cell → pixel of its top-left corner. */
export function cellToPixel(
  view: DungeonView,
  cx: number,
  cy: number,
  width: number,
  height: number,
): { px: number; py: number } {
  const me = selfOf(view);
  return {
    px: Math.round(width / 2 - DUNGEON_TILE_PX / 2 + (cx - me.x) * DUNGEON_TILE_PX),
    py: Math.round(height / 2 - DUNGEON_TILE_PX / 2 + (cy - me.y) * DUNGEON_TILE_PX),
  };
}

/**
 * What a click or tap at canvas pixel (px, py) means: "interact" on the own cell, a direction
 * on a neighbouring one, null elsewhere.
 */
export function clickAction(
  view: DungeonView,
  px: number,
  py: number,
  width: number,
  height: number,
): "interact" | Direction | null {
  const me = selfOf(view);
  const cell = cellAt(view, px, py, width, height);
  const dx = cell.x - me.x;
  const dy = cell.y - me.y;
  if (dx === 0 && dy === 0) return "interact";
  return Math.abs(dx) + Math.abs(dy) === 1 ? [dx, dy] : null;
}

/** The joystick's direction for a drag of (dx, dy) pixels: the dominant axis past a dead zone. */
export function joystickDirection(dx: number, dy: number, deadZone = 16): Direction | null {
  if (Math.hypot(dx, dy) < deadZone) return null;
  return Math.abs(dx) >= Math.abs(dy) ? [Math.sign(dx), 0] : [0, Math.sign(dy)];
}

/** When the next move may be sent: the movement delay after the last one (plus a margin). */
export function nextMoveAt(lastMoveAt: number, swiftness: number, marginMs = 40): number {
  return lastMoveAt + moveDelayMs(swiftness) + marginMs;
}

/** "12.345 s": speedrun times in seconds with 3 decimals (spec). */
export function secondsText(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(3)} s`;
}
