import { isRiftAction, RiftType } from "@manaspire/game";
import type { Db } from "../../db/client";
import { GameError, type Handlers } from "../../socket/handlers";
import type { Sessions } from "../../socket/sessions";
import { Col, markDirty } from "../../world/player-columns";
import { shareOf } from "../../world/player-event";
import { readParticipants } from "./event-rows";
import type { EventWorld } from "./event-world";

export const ERR_NO_EVENT = "There is no event to join right now.";
export const ERR_ALREADY_JOINED = "You already joined this event.";
export const ERR_NOT_QUEUED = "You are not in the Elemental Rift queue.";
export const ERR_QUEUE_CLOSED = "The Elemental Rift has started; its queue is closed.";
export const ERR_NO_RIFT_OF_POWER = "There is no Rift of Power to siphon right now.";
export const ERR_NOT_SIPHONING = "You are not siphoning.";
export const ERR_NOT_IN_RIFT = "Join the Elemental Rift first.";
export const ERR_RIFT_ACTION = "Pick Battle, Mine, Fish or Woodcut.";
export const ERR_EVENT_OVER = "The event is over.";

/**
 * The event calls (spec 000 section 7): getEventPlayers, eventJoin, eventLeaveQueue,
 * riftSiphon, eventSetAction, plus the event messages of a hydrate. Each checks the current
 * event (as the database last said) and the player's part in it; a refusal is a toast and
 * changes nothing. Joining changes only the player (saved with it); the participant row is
 * written with the player's next save (player-writes.ts).
 */
export function eventHandlers(deps: { db: Db; sessions: Sessions; events: EventWorld }): Handlers {
  const { db, sessions, events } = deps;
  return {
    hydrate({ conn, player }) {
      const now = Date.now();
      conn.send("eventTime", events.eventTime(now));
      conn.send("eventState", events.stateFor(player, now));
      const rift = events.riftFor(player);
      if (rift) conn.send("elementalRift", rift);
    },

    async getEventPlayers({ conn, player }) {
      const now = Date.now();
      conn.send("eventTime", events.eventTime(now));
      conn.send("eventState", events.stateFor(player, now));
      const rift = events.riftFor(player);
      if (rift) conn.send("elementalRift", rift);
      const shown = events.current ?? events.riftShown();
      const rows = shown ? await readParticipants(db, shown.id) : [];
      conn.send("eventPlayers", {
        rows: rows.map((r) => ({
          name: r.name,
          actionType: r.actionType as 0 | 1 | 2 | 3 | 4,
          actions: r.actions,
          totalDamage: r.totalDamage,
          totalResources: r.totalResources,
          ...(r.eventPoints !== null ? { eventPoints: r.eventPoints } : {}),
        })),
      });
    },

    eventJoin({ player }) {
      const cur = events.current;
      const phase = events.phase;
      const open =
        cur !== undefined &&
        (phase === "running" || (phase === "queue" && cur.kind === RiftType.ElementalRift));
      if (!cur || !open) throw new GameError(ERR_NO_EVENT);
      if (events.eventOf(player)) throw new GameError(ERR_ALREADY_JOINED);
      events.join(player, cur, { on: false, auto: 0 });
      events.tell(player);
    },

    eventLeaveQueue({ player }) {
      const e = events.eventOf(player);
      if (!e || e.kind !== RiftType.ElementalRift) throw new GameError(ERR_NOT_QUEUED);
      if (events.phase !== "queue") throw new GameError(ERR_QUEUE_CLOSED);
      events.leave(player, e);
      events.tell(player);
    },

    riftSiphon({ player }, { start }) {
      const cur = events.current;
      if (!cur || cur.kind !== RiftType.RiftOfPower) throw new GameError(ERR_NO_RIFT_OF_POWER);
      let e = events.eventOf(player);
      if (start) {
        if (events.phase !== "running") throw new GameError(ERR_EVENT_OVER);
        if (!e) e = events.join(player, cur, { on: true, auto: 0 });
        e.siphoning = true;
      } else {
        if (!e?.siphoning) throw new GameError(ERR_NOT_SIPHONING);
        e.siphoning = false;
      }
      markDirty(player, Col.event);
      sessions.send(player.id, "eventState", events.stateFor(player));
    },

    eventSetAction({ player }, { actionType }) {
      if (!isRiftAction(actionType)) throw new GameError(ERR_RIFT_ACTION);
      const e = events.eventOf(player);
      if (!e || e.kind !== RiftType.ElementalRift) throw new GameError(ERR_NOT_IN_RIFT);
      if (events.phase === "settling") throw new GameError(ERR_EVENT_OVER);
      e.actionType = actionType;
      shareOf(player, e).actionType = actionType;
      markDirty(player, Col.event);
      const rift = events.riftFor(player);
      if (rift) sessions.send(player.id, "elementalRift", rift);
    },
  };
}
