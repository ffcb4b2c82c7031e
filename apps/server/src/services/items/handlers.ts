import { type Handlers, mergeHandlers } from "../../socket/handlers";
import { researchHandlers } from "../research";
import { sigilHandlers } from "../sigils";
import type { ItemDeps } from "./common";
import { disenchantHandlers } from "./disenchant";
import { equipmentSetHandlers } from "./equipment-sets";
import { inventoryHandlers } from "./inventory";
import { transferHandlers } from "./transfers";
import { upgradeHandlers } from "./upgrades";

/**
 * Items, research and sigils (docs/items-and-research.md). After `hydrate` the player gets
 * `inventory`, then `equipmentSets`.
 */
export function itemHandlers(deps: ItemDeps): Handlers {
  return mergeHandlers(
    inventoryHandlers(deps),
    equipmentSetHandlers(deps),
    upgradeHandlers(deps),
    disenchantHandlers(deps),
    transferHandlers(deps),
    researchHandlers(deps.hasQoL),
    sigilHandlers(),
  );
}
