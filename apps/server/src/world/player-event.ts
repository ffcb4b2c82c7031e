import { isRiftAction, RiftType } from "@manaspire/game";

/**
 * The world event a loaded player joined (saved in `players.event` with the player's other
 * columns): which event, the rift action picked (Elemental Rift), the siphon and its successes
 * (Rift of Power), and the player's totals in it so far (shown on their event screen).
 */
export interface PlayerEvent {
  id: number;
  kind: RiftType;
  /** Elemental Rift: Battle, Mining, Fishing or Woodcutting. */
  actionType: number;
  /** Rift of Power: each action siphons instead of the normal action. */
  siphoning: boolean;
  successes: number;
  /** Auto siphon (Quality of Life): stop after this many successes; 0 manual. */
  autoSiphon: number;
  actions: number;
  damage: number;
  resources: number;
}

/**
 * What the player did in the event since its last save: the player's next save adds it to the
 * event's row (boss damage, iron, fish, wood) and the player's participant row in the same
 * transaction as the player's own state (player-writes.ts), so a crash loses or keeps both.
 */
export interface EventShare {
  eventId: number;
  name: string;
  actionType: number;
  actions: number;
  damage: number;
  iron: number;
  fish: number;
  wood: number;
  successes: number;
  /** The player left the queue: the participant row goes. */
  left: boolean;
}

/** The saved `event` column back as a PlayerEvent (anything malformed: none). */
export function readPlayerEvent(raw: unknown): PlayerEvent | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const id = Number(r.id);
  const kind = Number(r.kind);
  if (!Number.isInteger(id) || id <= 0) return null;
  if (kind !== RiftType.RiftOfPower && kind !== RiftType.ElementalRift) return null;
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);
  const actionType = Number(r.actionType);
  return {
    id,
    kind,
    actionType: isRiftAction(actionType) ? actionType : 1,
    siphoning: r.siphoning === true,
    successes: Math.floor(num(r.successes)),
    autoSiphon: Math.floor(num(r.autoSiphon)),
    actions: num(r.actions),
    damage: num(r.damage),
    resources: num(r.resources),
  };
}

/** The player's pending share of an event (made when first needed). */
export function shareOf(
  p: { id: number; name: string; eventShare: EventShare | null },
  e: PlayerEvent,
): EventShare {
  if (p.eventShare && p.eventShare.eventId === e.id) return p.eventShare;
  p.eventShare = {
    eventId: e.id,
    name: p.name,
    actionType: e.actionType,
    actions: 0,
    damage: 0,
    iron: 0,
    fish: 0,
    wood: 0,
    successes: 0,
    left: false,
  };
  return p.eventShare;
}
