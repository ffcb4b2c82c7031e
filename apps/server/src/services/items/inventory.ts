import { equipError, isGearSlot, itemPercentiles } from "@manaspire/game";
import { GameError, type HandlerContext, type Handlers } from "../../socket/handlers";
import type { OwnedItem } from "../../world/inventory";
import { toWireItem } from "../../world/item-rows";
import { skillLevels } from "../../world/player-view";
import { statsPatch, totalsBefore } from "../../world/stat-patch";
import { heldItem, type ItemDeps, inventoryOf, ownItem, pushItem } from "./common";

/**
 * The inventory: the full list after `hydrate` and on `getInventory`, equip, unequip,
 * favourite, and public item lookups (`getItem`, `getItems`, `getItemPercentiles`).
 */
export function inventoryHandlers(deps: ItemDeps): Handlers {
  const { sessions, directory } = deps;

  /** Equips or unequips items, then sends their upserts and the stats they change. */
  function changeEquipment(
    { conn, player }: HandlerContext,
    changes: ReadonlyArray<[OwnedItem, boolean]>,
  ): void {
    const before = totalsBefore(player);
    for (const [owned, equipped] of changes) player.inventory.setEquipped(owned, equipped);
    for (const [owned] of changes) pushItem(sessions, player, owned);
    conn.send("playerUpdate", { patch: statsPatch(player, before) });
  }

  return {
    hydrate({ conn, player }) {
      conn.send("inventory", { items: inventoryOf(player) });
    },

    getInventory({ conn, player }) {
      conn.send("inventory", { items: inventoryOf(player) });
    },

    equipItem(ctx, { id }) {
      const { player } = ctx;
      const owned = heldItem(player, id);
      if (!isGearSlot(owned.item.slot)) throw new GameError("That item cannot be equipped.");
      const error = equipError(owned.item, skillLevels(player));
      if (error !== null) throw new GameError(error);
      if (owned.equipped) {
        pushItem(sessions, player, owned);
        return;
      }
      const current = player.inventory.equippedIn(owned.item.slot);
      changeEquipment(
        ctx,
        current
          ? [
              [current, false],
              [owned, true],
            ]
          : [[owned, true]],
      );
    },

    unequipItem(ctx, { slot }) {
      const current = ctx.player.inventory.equippedIn(slot);
      if (!current) throw new GameError("Nothing is equipped in that slot.");
      changeEquipment(ctx, [[current, false]]);
    },

    favoriteItem({ player }, { id, favorite }) {
      const owned = ownItem(player, id);
      if (owned.favorite !== favorite) {
        owned.favorite = favorite;
        player.inventory.touch(owned, false);
      }
      pushItem(sessions, player, owned);
    },

    async getItem({ conn, player }, { id }) {
      const item = await directory.wire(id, player);
      conn.send("item", item ? { id, item } : { id });
    },

    async getItems({ conn, player }, { ids }) {
      const found = await directory.find(ids, player);
      const unique = [...new Set(ids)];
      conn.send("itemLookups", {
        items: unique.flatMap((id) => {
          const hit = found.get(id);
          return hit ? [toWireItem(hit.owned, hit.borrowerName)] : [];
        }),
        missing: unique.filter((id) => !found.has(id)),
      });
    },

    async getItemPercentiles({ conn, player }, { id }) {
      const hit = (await directory.find([id], player)).get(id);
      if (!hit) throw new GameError("Item not found.");
      const percentiles: Record<number, number> = {};
      for (const p of itemPercentiles(hit.owned.item)) percentiles[p.boostId] = p.percentile;
      conn.send("itemPercentiles", { itemId: id, percentiles });
    },
  };
}
