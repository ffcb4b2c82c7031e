import type { Item } from "@manaspire/protocol";
import { send, useGameStore } from "../../store/gameStore";

/** What the inventory screens send (each a fire-and-forget socket message). */
export const inventoryActions = {
  equip: (item: Item) => send("equipItem", { id: item.id }),
  unequip: (slot: Item["slot"]) => send("unequipItem", { slot }),
  favorite: (item: Item) => send("favoriteItem", { id: item.id, favorite: !item.favorite }),
  returnItem: (item: Item) => send("returnItem", { id: item.id }),
  setAutoDisenchant: (rarity: 0 | 1 | 2 | 3) => send("setAutoDisenchant", { rarity }),
  createSet: (name: string) => send("equipmentSetCreate", { name: name.trim() }),
  updateSet: (name: string) => send("equipmentSetUpdate", { name }),
  equipSet: (name: string) => send("equipmentSetEquip", { name }),
  deleteSet: (name: string) => send("equipmentSetDelete", { name }),
};

/**
 * The hydrate brings the inventory and the equipment sets; a screen opened before they arrived
 * (or after a refusal) asks for what is still missing, once per mount.
 */
export function requestMissingInventory(): void {
  const { connection, inventory } = useGameStore.getState();
  if (connection.status !== "connected") return;
  if (!inventory.loaded) send("getInventory", {});
  if (!inventory.setsLoaded) send("equipmentSetList", {});
}
