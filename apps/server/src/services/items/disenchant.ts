import { disenchantPreview, Rarity } from "@manaspire/game";
import { GameError, type Handlers } from "../../socket/handlers";
import type { OwnedItem } from "../../world/inventory";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import { preferencesOf } from "../../world/player-view";
import { lootPatch } from "../../world/stat-patch";
import { addLoot, type ItemDeps, ownItem, pushRemoval } from "./common";

/** An item the player may disenchant: their own, unequipped, not a favourite, not borrowed. */
function disenchantable(p: LoadedPlayer, id: number): OwnedItem {
  const owned = ownItem(p, id);
  if (owned.equipped) throw new GameError(`Unequip ${owned.item.name} before disenchanting it.`);
  if (owned.favorite) {
    throw new GameError(`${owned.item.name} is a favourite; unmark it to disenchant it.`);
  }
  return owned;
}

/**
 * What a `disenchant` call means: one `target`, else the listed `itemIds` (every one must be
 * disenchantable, or nothing is), else every unequipped, non-favourite own item of `rarity`
 * or lower.
 */
export function chooseItems(
  p: LoadedPlayer,
  target: number | undefined,
  rarity: number,
  itemIds: readonly number[],
): OwnedItem[] {
  if (target !== undefined) return [disenchantable(p, target)];
  if (itemIds.length > 0) return [...new Set(itemIds)].map((id) => disenchantable(p, id));
  if (rarity < Rarity.Common) throw new GameError("Choose a rarity to disenchant.");
  const out: OwnedItem[] = [];
  for (const owned of p.inventory.items.values()) {
    if (owned.equipped || owned.favorite || owned.borrowerId !== null) continue;
    if (owned.item.rarity >= Rarity.Common && owned.item.rarity <= rarity) out.push(owned);
  }
  return out;
}

/**
 * Disenchanting (spec: the server answers with a preview, then the client resends with the
 * confirmed flag) and the auto-disenchant preference for drops. The browser confirms with the
 * preview's `itemIds`, so a drop that arrives between preview and confirmation is never taken.
 */
export function disenchantHandlers(deps: ItemDeps): Handlers {
  const { sessions } = deps;
  return {
    disenchant({ conn, player }, { target, rarity, itemIds, confirmed }) {
      const chosen = chooseItems(player, target, rarity, itemIds);
      // An empty preview lets the dialog say so; only a confirmed call with nothing is an error.
      if (chosen.length === 0 && confirmed) throw new GameError("There is nothing to disenchant.");
      const preview = disenchantPreview(chosen.map((o) => o.item));
      if (!confirmed) {
        conn.send("disenchantPreview", {
          itemIds: chosen.map((o) => o.item.id),
          loot: preview.loot,
        });
        return;
      }
      for (const owned of chosen) player.inventory.destroy(owned.item.id);
      const changed = addLoot(player, preview.loot);
      for (const owned of chosen) pushRemoval(sessions, player.id, owned.item.id);
      conn.send("playerUpdate", { patch: { loot: lootPatch(player, changed) } });
      conn.toast(
        chosen.length === 1
          ? `Disenchanted ${chosen[0]?.item.name}.`
          : `Disenchanted ${chosen.length} items.`,
      );
    },

    setAutoDisenchant({ conn, player }, { rarity }) {
      player.preferences = { ...player.preferences, autoDisenchant: rarity };
      markDirty(player, Col.preferences);
      conn.send("playerUpdate", { patch: { preferences: preferencesOf(player) } });
    },
  };
}
