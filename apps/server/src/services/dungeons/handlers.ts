import { GameError, type Handlers, mergeHandlers } from "../../socket/handlers";
import { hubHandlers, setIdleSize } from "./hub";
import { manualHandlers, startManual } from "./manual";

/** Solo dungeons (docs/architecture.md "Dungeons"): the hub, idle dungeons, dungeons by hand. */
export function dungeonHandlers(): Handlers {
  return mergeHandlers(hubHandlers(), manualHandlers(), {
    dungeonStart(ctx, { size, idle, manual, speedrun }) {
      if (idle) setIdleSize(ctx, size);
      else if (manual) startManual(ctx, size, speedrun);
      else throw new GameError("Start an idle dungeon or one by hand.");
    },
    dungeonJoinGuild() {
      throw new GameError("Guild dungeons are not open yet.");
    },
  });
}
