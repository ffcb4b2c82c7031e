import { isIdleSize, managePreset, SIZE_NAMES } from "@manaspire/game";
import { GameError, type HandlerContext, type Handlers } from "../../socket/handlers";
import { dungeonFields } from "../../world/dungeon-view";
import { Col, markDirty } from "../../world/player-columns";
import { wireOf } from "../items/common";

/** Sends the player's dungeon fields to the socket that asked. */
export function sendDungeonFields({ conn, player }: HandlerContext): void {
  conn.send("playerUpdate", { patch: dungeonFields(player) });
}

/**
 * The dungeon hub (/dungeon-shop, spec 001): the idle size (dungeonStart with `idle`), presets
 * (dungeonManagePreset) and the dungeon loot tracker (getDungeonLootTracker). The upgrades are
 * bought with purchaseBoost (research.ts). A refusal is a GameError: a toast, nothing changed.
 */
export function hubHandlers(): Handlers {
  return {
    dungeonManagePreset(ctx, { operation, name }) {
      const result = managePreset(ctx.player.dungeon, operation, name);
      if (!result.ok) throw new GameError(result.error);
      markDirty(ctx.player, Col.dungeon);
      sendDungeonFields(ctx);
      ctx.conn.toast(result.message);
    },

    getDungeonLootTracker({ conn, player }, { reset }) {
      const t = player.dungeon.tracker;
      if (reset) {
        player.dungeon.tracker = { loot: {}, items: [] };
        markDirty(player, Col.dungeon);
      }
      // Found equipment still held (a disenchanted or sent item leaves the list).
      const items = reset
        ? []
        : t.items.flatMap((id) => {
            const owned = player.inventory.items.get(id);
            return owned ? [wireOf(player, owned)] : [];
          });
      conn.send("dungeonLootTracker", { loot: reset ? {} : { ...t.loot }, items });
    },
  };
}

/** dungeonStart with `idle`: sets the idle size (None stops idle dungeons). */
export function setIdleSize(ctx: HandlerContext, size: number): void {
  if (!isIdleSize(size)) throw new GameError("Unknown dungeon size.");
  const d = ctx.player.dungeon;
  if (d.idleSize === size) {
    sendDungeonFields(ctx);
    return;
  }
  d.idleSize = size;
  // The active preset no longer describes the choice.
  if (d.presets.find((p) => p.name === d.activePreset)?.idleSize !== size) d.activePreset = "";
  markDirty(ctx.player, Col.dungeon);
  sendDungeonFields(ctx);
  ctx.conn.toast(`Idle dungeon size: ${SIZE_NAMES[size]}.`);
}
