/**
 * The other members on the guild dungeon map (pure; unit-tested): where each is drawn and
 * whether their name shows. Spec 001's "Always Show Names (guild)" toggle shows every name; off,
 * a name shows for a member in or next to the player's room, or under the pointer.
 */
import { type DungeonView, selfOf } from "./dungeonControls";

export interface PeerMark {
  pid: number;
  x: number;
  y: number;
  name: string;
  skin: number;
  /** Its place among the members in the same room (0, 1, …): drawn side by side. */
  slot: number;
  labelled: boolean;
}

export function peerMarks(
  view: DungeonView,
  alwaysNames: boolean,
  hover: { x: number; y: number } | null = null,
): PeerMark[] {
  const me = selfOf(view);
  const perRoom = new Map<string, number>();
  return view.players.slice(1).map((p) => {
    const room = `${p.x},${p.y}`;
    const slot = perRoom.get(room) ?? 0;
    perRoom.set(room, slot + 1);
    const near = Math.max(Math.abs(p.x - me.x), Math.abs(p.y - me.y)) <= 1;
    const pointed = hover !== null && hover.x === p.x && hover.y === p.y;
    return {
      pid: p.pid,
      x: p.x,
      y: p.y,
      name: p.name,
      skin: p.skin,
      slot,
      labelled: alwaysNames || near || pointed,
    };
  });
}

/** "Ana (4, 7)" rows for the list beside the map, nearest first. */
export function peerRows(view: DungeonView): { pid: number; name: string; where: string }[] {
  const me = selfOf(view);
  return view.players
    .slice(1)
    .map((p) => ({ p, d: Math.abs(p.x - me.x) + Math.abs(p.y - me.y) }))
    .sort((a, b) => a.d - b.d || a.p.name.localeCompare(b.p.name))
    .map(({ p, d }) => ({
      pid: p.pid,
      name: p.name,
      where: d === 0 ? "in your room" : `at (${p.x}, ${p.y})`,
    }));
}
