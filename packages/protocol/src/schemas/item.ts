import { t } from "../codecs";
import { boostMap, id, playerName } from "./common";
import { actionType, element, rarity, slot } from "./enums";

/** Spec 000 section 3 "Item". */
export const item = t.record({
  id,
  name: t.string(100),
  level: t.uint53,
  rarity,
  slot,
  boosts: boostMap,
  borrowerName: t.optional(playerName),
  favorite: t.bool,
  infusions: t.u8,
  /** Position of the rolls in their ranges, 0..1, shown as percent. */
  quality: t.f64,
  isEquipped: t.bool,
  upgradeChance: t.f64,
  /** Weapons: the staff's element (a match with the spell gives +10% damage). */
  element: t.optional(element),
  /** Gathering gear: the skill it serves (mining, fishing, woodcutting). */
  skill: t.optional(actionType),
});

export const equipmentSet = t.record({
  name: t.string(30),
  itemIds: t.array(id, 16),
  sigilId: t.optional(id),
  active: t.bool,
});
