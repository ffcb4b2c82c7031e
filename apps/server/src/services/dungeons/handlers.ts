import { GameError, type Handlers, mergeHandlers } from "../../socket/handlers";
import type { GuildDungeonPlay } from "../guild-dungeons/guild-dungeon-handlers";
import { hubHandlers, setIdleSize } from "./hub";
import { manualHandlers, startManual } from "./manual";

/** `dungeonInteract` flag: the interaction is in the guild dungeon. */
export const INTERACT_GUILD = 1;

/**
 * Dungeons (docs/features/dungeons.md "Dungeons (solo)", "Guild dungeons"): the hub, idle dungeons,
 * dungeons by hand, and the guild dungeon's moves and interactions (`guild`), which share the
 * solo engine but not its run.
 */
export function dungeonHandlers(guild?: GuildDungeonPlay): Handlers {
  const manual = manualHandlers();
  return mergeHandlers(hubHandlers(), guild?.handlers ?? {}, {
    hydrate: manual.hydrate,
    dungeonQuit: manual.dungeonQuit,
    async dungeonMove(ctx, data) {
      if (!data.guild) return manual.dungeonMove?.(ctx, data);
      if (!guild) throw new GameError("Guild dungeons are not open.");
      await guild.move(ctx, data.x, data.y);
    },
    async dungeonInteract(ctx, data) {
      if ((data.flags & INTERACT_GUILD) === 0) return manual.dungeonInteract?.(ctx, data);
      if (!guild) throw new GameError("Guild dungeons are not open.");
      await guild.interact(ctx);
    },
    dungeonStart(ctx, { size, idle, manual: byHand, speedrun }) {
      if (idle) setIdleSize(ctx, size);
      else if (byHand) startManual(ctx, size, speedrun);
      else throw new GameError("Start an idle dungeon or one by hand.");
    },
  });
}
