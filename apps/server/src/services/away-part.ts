import { jsonb } from "drizzle-orm/pg-core";
import { playerPart } from "../world/player-part";
import type { AwayMark } from "./away-mark";

/** "While you were away" (issue 14). */
export const awayPart = playerPart({
  name: "away",
  columns: {
    /**
     * The counters when the player's last socket closed, compared with the state at the next
     * connection (`services/away-summary.ts`); `{"since":0}` or null when there is none.
     */
    away: jsonb("away").$type<AwayMark>(),
  },
});
