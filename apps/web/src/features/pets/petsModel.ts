/**
 * Pure logic of the pets screen (spec 000 sections 2, 4, 5): sections, cards, limits, the
 * feed amount rule and the unlock cost. The rules come from packages/game.
 */
import {
  LootId,
  PET_ACTIVE_LIMITS,
  PET_CLASS_NAMES,
  PET_TYPES,
  type PetClass,
  type PetTypeDef,
  petEffectText,
  petExperienceForNextLevel,
  petType,
} from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";

export type WirePet = ServerPayload<"pets">["pets"][number];

export interface PetCardModel {
  def: PetTypeDef;
  pet: WirePet | null;
  name: string;
  level: number;
  xp: number;
  xpToLevel: number;
  effect: string;
  nextEffect: string;
  className: string;
}

export function cardOf(def: PetTypeDef, pet: WirePet | null): PetCardModel {
  const level = pet?.tier ?? 0;
  return {
    def,
    pet,
    name: pet?.name ?? def.name,
    level,
    xp: pet?.experience ?? 0,
    xpToLevel: petExperienceForNextLevel(level),
    effect: petEffectText(def.effect, level),
    nextEffect: petEffectText(def.effect, level + 1),
    className: PET_CLASS_NAMES[def.petClass],
  };
}

export interface PetSections {
  active: Record<PetClass, PetCardModel[]>;
  inactive: PetCardModel[];
  others: PetCardModel[];
  owned: number;
}

/** Active (by class), inactive and unowned pets, each in the catalogue's perk order. */
export function petSections(pets: readonly WirePet[]): PetSections {
  const byType = new Map(pets.map((p) => [p.type, p]));
  const active: Record<PetClass, PetCardModel[]> = { 1: [], 2: [], 3: [] };
  const inactive: PetCardModel[] = [];
  const others: PetCardModel[] = [];
  for (const def of PET_TYPES) {
    const pet = byType.get(def.type) ?? null;
    const card = cardOf(def, pet);
    if (!pet) others.push(card);
    else if (pet.active) active[def.petClass].push(card);
    else inactive.push(card);
  }
  return { active, inactive, others, owned: pets.length };
}

/** "Combat 2/3": the class and how many of its pets are active of the limit. */
export function classCount(cls: PetClass, active: number): string {
  return `${PET_CLASS_NAMES[cls]} ${active}/${PET_ACTIVE_LIMITS[cls]}`;
}

export function activeOfClass(pets: readonly WirePet[], cls: PetClass): WirePet[] {
  return pets.filter((p) => p.active && petType(p.type)?.petClass === cls);
}

export function inactiveOfClass(pets: readonly WirePet[], cls: PetClass): WirePet[] {
  return pets.filter((p) => !p.active && petType(p.type)?.petClass === cls);
}

export function eggsHeld(loot: Readonly<Record<number, number>>): number {
  return Math.max(0, Math.floor(loot[LootId.Egg] ?? 0));
}

/** Spec: the feed amount is an integer clamped to at least 0 (non-numbers 0), at most the eggs. */
export function feedAmount(text: string, eggs: number): number {
  const n = Math.floor(Number(text.replace(/,/g, "")));
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(n, eggs);
}

export function petDisplayName(pet: Pick<WirePet, "type" | "name">): string {
  return pet.name ?? petType(pet.type)?.name ?? `Pet #${pet.type}`;
}
