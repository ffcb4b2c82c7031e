import { type Handlers, mergeHandlers } from "../../socket/handlers";
import { hubHandlers, setIdleSize } from "./hub";

/** Solo dungeons (docs/architecture.md "Dungeons"): the hub, idle dungeons, dungeons by hand. */
export function dungeonHandlers(): Handlers {
  return mergeHandlers(hubHandlers(), {
    dungeonStart(ctx, { size, idle }) {
      if (idle) setIdleSize(ctx, size);
    },
  });
}
