import { jsonb } from "drizzle-orm/pg-core";
import { playerPart } from "../../world/player-part";

/** World events (spec 000): the one the player joined. */
export const eventPart = playerPart({
  name: "events",
  columns: {
    /**
     * Which event, the rift action picked, the siphon and its successes, and the player's
     * totals so far (world/player-event.ts); null when none.
     */
    event: jsonb("event").$type<Record<string, unknown>>(),
  },
});
