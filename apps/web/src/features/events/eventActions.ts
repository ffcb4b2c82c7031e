import { send } from "../../store/gameStore";

/** The event calls (spec 000 section 7). */
export const eventActions = {
  refresh: () => send("getEventPlayers", {}),
  join: () => send("eventJoin", {}),
  leaveQueue: () => send("eventLeaveQueue", {}),
  siphon: (start: boolean) => send("riftSiphon", { start }),
  setAction: (actionType: 1 | 2 | 3 | 4) => send("eventSetAction", { actionType }),
};
