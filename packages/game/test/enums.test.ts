import { describe, expect, it } from "vitest";
import {
  ActionType,
  ChatChannel,
  Element,
  LOG_CATEGORY_KEYS,
  LogCategory,
  MagicType,
  MarketSide,
  PET_EFFECT_DISPLAY_ORDER,
  PetEffect,
  RARITY_CLASSES,
  RARITY_NAMES,
  Rarity,
  SLOT_NAMES,
  Slot,
} from "../src/index";

describe("enums", () => {
  it("have the wire values", () => {
    expect(ActionType).toEqual({ None: 0, Battle: 1, Mining: 2, Fishing: 3, Woodcutting: 4 });
    expect(Element).toEqual({ None: 0, Fire: 1, Water: 2, Nature: 3 });
    expect(MagicType).toBe(Element);
    expect(Rarity.Mythic).toBe(7);
    expect(Slot.Weapon).toBe(1);
    expect(Slot.Sigil).toBe(9);
    expect(ChatChannel.Notifications).toBe(7);
    expect(MarketSide).toEqual({ Buy: 1, Sell: 2 });
    expect(PetEffect.Resurrect).toBe(1);
    expect(PetEffect.Foraging).toBe(21);
  });

  it("name every rarity and slot", () => {
    expect(Object.values(RARITY_NAMES)).toEqual([
      "None",
      "Common",
      "Uncommon",
      "Rare",
      "Epic",
      "Legendary",
      "Heirloom",
      "Mythic",
    ]);
    expect(Object.keys(RARITY_CLASSES)).toHaveLength(8);
    expect(Object.values(SLOT_NAMES)).toEqual([
      "Weapon",
      "Robe",
      "Boots",
      "Gloves",
      "Hat",
      "Cloak",
      "Amulet",
      "Ring",
      "Sigil",
    ]);
  });

  it("list the 12 log filters and the pet perk display order", () => {
    expect(Object.keys(LogCategory)).toHaveLength(12);
    expect(Object.values(LOG_CATEGORY_KEYS)).toContain("guild_rank");
    expect([...PET_EFFECT_DISPLAY_ORDER].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 21 }, (_, i) => i + 1),
    );
  });
});
