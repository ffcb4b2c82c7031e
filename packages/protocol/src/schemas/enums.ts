import {
  ActionType,
  ChatChannel,
  Element,
  LogCategory,
  MarketSide,
  PetEffect,
  Rarity,
  RiftType,
  Size,
  Slot,
  Zone,
} from "@manaspire/game";
import { t } from "../codecs";

/** The numeric values of one of the rules package's const enumerations. */
function valuesOf<const E extends Record<string, number>>(e: E): E[keyof E][] {
  return Object.values(e) as E[keyof E][];
}

/**
 * Wire codecs for the game's enumerations. The numeric values are the ones
 * packages/game and the live game's public API use (see docs/protocol.md).
 */
export const actionType = t.enumOf(valuesOf(ActionType));
export const element = t.enumOf(valuesOf(Element));
export const magicType = t.enumOf([Element.Fire, Element.Water, Element.Nature]);
export const zone = t.enumOf(valuesOf(Zone));
export const rarity = t.enumOf(valuesOf(Rarity));
export const slot = t.enumOf(valuesOf(Slot));
export const chatChannel = t.enumOf(valuesOf(ChatChannel));
export const chatRole = t.enumOf([0, 1, 2]); // player, mod, admin
export const logCategory = t.enumOf(valuesOf(LogCategory));
export const marketSide = t.enumOf(valuesOf(MarketSide));
export const size = t.enumOf(valuesOf(Size));
export const riftType = t.enumOf(valuesOf(RiftType));
export const autoDisenchant = t.enumOf([0, 1, 2, 3]); // none, common, uncommon, rare
export const guildUpgradeType = t.enumOf([1, 2, 3, 4, 5, 6, 7, 8]);
export const presetOperation = t.enumOf([1, 2, 3]); // create, delete, activate
export const petEffect = t.enumOf(valuesOf(PetEffect));
