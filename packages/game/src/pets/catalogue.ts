/**
 * The pet catalogue (spec 000 sections 3 and 9: classes, effect kinds 1-21 and perk groups;
 * names and skins: our design). One pet type per effect kind; the type id is the kind's id.
 */
import { PET_EFFECT_DISPLAY_ORDER, PetClass, PetEffect } from "../enums";

export interface PetSkinDef {
  readonly id: number;
  readonly name: string;
  /** Two colours of the skin's art (the web draws the pet in them). */
  readonly colors: readonly [string, string];
}

export interface PetTypeDef {
  readonly type: number;
  /** Default name (a pet may be renamed). */
  readonly name: string;
  readonly petClass: PetClass;
  readonly effect: PetEffect;
  /** What the effect is called on the card. */
  readonly effectName: string;
  /** Skin 0 is every pet's own; the others cost 5 Crystallized Mana each. */
  readonly skins: readonly PetSkinDef[];
}

/** Skin 0's colours per pet, then three skins every pet can wear (our design). */
const SHARED_SKINS: readonly Omit<PetSkinDef, "id">[] = [
  { name: "Ember", colors: ["#f97316", "#7c2d12"] },
  { name: "Tidal", colors: ["#38bdf8", "#1e3a8a"] },
  { name: "Verdant", colors: ["#4ade80", "#14532d"] },
];

function pet(
  effect: PetEffect,
  name: string,
  petClass: PetClass,
  effectName: string,
  colors: readonly [string, string],
): PetTypeDef {
  return {
    type: effect,
    name,
    petClass,
    effect,
    effectName,
    skins: [
      { id: 0, name: "Classic", colors },
      ...SHARED_SKINS.map((s, i) => ({ id: i + 1, ...s })),
    ],
  };
}

const C = PetClass.Combat;
const G = PetClass.Gathering;
const U = PetClass.Utility;
const E = PetEffect;

/**
 * Classes follow the spec's perk groups: combat 1-10; gathering 13-16, 20, 21 (the display
 * order's second group, Colony with the gatherers: it raises taxed resources); utility 11, 12,
 * 17, 18, 19.
 */
const TYPES: readonly PetTypeDef[] = [
  pet(E.Resurrect, "Phoenix", C, "Resurrect", ["#fb923c", "#b91c1c"]),
  pet(E.Resistance, "Tortoise", C, "Resistance", ["#a3a380", "#3f4a2a"]),
  pet(E.Immune, "Golem", C, "Immunity", ["#a8a29e", "#44403c"]),
  pet(E.Dragon, "Dragon", C, "Damage", ["#ef4444", "#450a0a"]),
  pet(E.Curse, "Raven", C, "Curse", ["#a78bfa", "#1e1b4b"]),
  pet(E.Snake, "Snake", C, "Poison", ["#84cc16", "#1a2e05"]),
  pet(E.Owl, "Owl", C, "Focus", ["#d6b37a", "#5b3a1a"]),
  pet(E.Ward, "Armadillo", C, "Ward", ["#93c5fd", "#1e3a5f"]),
  pet(E.Haste, "Hare", C, "Haste", ["#fde68a", "#92400e"]),
  pet(E.Regen, "Unicorn", C, "Regeneration", ["#f9a8d4", "#6d28d9"]),
  pet(E.Dust, "Magpie", U, "Mana Dust", ["#c4b5fd", "#312e81"]),
  pet(E.EggDrop, "Hen", U, "Egg Drop", ["#fef3c7", "#b45309"]),
  pet(E.Tax, "Ant Colony", G, "Colony", ["#f59e0b", "#451a03"]),
  pet(E.Mining, "Mole", G, "Mining", ["#a16207", "#292524"]),
  pet(E.Fishing, "Otter", G, "Fishing", ["#67e8f9", "#164e63"]),
  pet(E.Woodcutting, "Beaver", G, "Woodcutting", ["#d97706", "#3b2106"]),
  pet(E.PetXp, "Fairy", U, "Pet Experience", ["#f0abfc", "#701a75"]),
  pet(E.Multistat, "Chameleon", U, "Multistat", ["#34d399", "#064e3b"]),
  pet(E.DungeonIdle, "Bat", U, "Dungeon Idle", ["#94a3b8", "#0f172a"]),
  pet(E.Versatility, "Fox", G, "Versatility", ["#fb923c", "#7c2d12"]),
  pet(E.Foraging, "Squirrel", G, "Foraging", ["#fdba74", "#713f12"]),
];

const BY_TYPE: ReadonlyMap<number, PetTypeDef> = new Map(TYPES.map((p) => [p.type, p]));

/** Every pet type in the spec's perk display order (1-10, 13-16, 20, 21, 11, 12, 17-19). */
export const PET_TYPES: readonly PetTypeDef[] = PET_EFFECT_DISPLAY_ORDER.map(
  (e) => BY_TYPE.get(e) as PetTypeDef,
);

export function petType(type: number): PetTypeDef | undefined {
  return BY_TYPE.get(type);
}

export const PET_CLASS_NAMES: Readonly<Record<PetClass, string>> = {
  1: "Combat",
  2: "Gathering",
  3: "Utility",
};

/** Crystallized Mana for one skin (spec). */
export const PET_SKIN_COST = 5;
