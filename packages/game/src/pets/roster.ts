/**
 * A player's pets and what they may do with them (spec 000 sections 4, 5, 7, 9): unlock for
 * owned pets + 1 eggs, activate within 3 combat, 2 gathering and 1 utility (replacing one of
 * the same class at the limit), switch, deactivate, feed eggs, rename (20 characters), skins
 * bought for 5 Crystallized Mana. Each function returns a new state and the loot it costs, or
 * a refusal; the input is never changed.
 */

import { PET_ACTIVE_LIMITS, type PetClass } from "../enums";
import { LootId } from "../loot";
import { hasHiddenCharacters } from "../text-hygiene";
import { PET_CLASS_NAMES, PET_SKIN_COST, petType } from "./catalogue";
import { addPetExperience, PET_XP_PER_EGG, petExperienceForNextLevel } from "./levels";

export interface OwnedPet {
  type: number;
  /** "" = the type's default name. */
  name: string;
  skin: number;
  active: boolean;
  level: number;
  /** Experience into the current level. */
  xp: number;
}

export interface PetState {
  pets: OwnedPet[];
  /** The pet skin worn in dungeons, or null (the default figure). */
  dungeonSkin: { type: number; skin: number } | null;
  /** Skins bought (skin 0 of every pet is always unlocked). */
  skins: Array<{ type: number; skin: number }>;
}

export function emptyPets(): PetState {
  return { pets: [], dungeonSkin: null, skins: [] };
}

export function clonePets(s: PetState): PetState {
  return {
    pets: s.pets.map((p) => ({ ...p })),
    dungeonSkin: s.dungeonSkin ? { ...s.dungeonSkin } : null,
    skins: s.skins.map((k) => ({ ...k })),
  };
}

/** Pet names: at most 20 characters (spec). */
export const PET_NAME_MAX = 20;

type Wallet = Readonly<Record<number, number>>;
type Cost = Array<{ lootId: number; amount: number }>;
export type PetChange = { ok: true; state: PetState; cost: Cost } | { ok: false; error: string };

const fail = (error: string): PetChange => ({ ok: false, error });

/** Eggs the next unlock costs: pets owned + 1 (spec). */
export function petUnlockCost(s: PetState): number {
  return s.pets.length + 1;
}

/** Sum of all owned pets' levels (the pets message's `levels`; +2% pet XP each). */
export function totalPetLevels(s: PetState): number {
  let n = 0;
  for (const p of s.pets) n += p.level;
  return n;
}

export function petClassOf(type: number): PetClass | undefined {
  return petType(type)?.petClass;
}

/** Active pets' levels by effect kind, for the effect rules. */
export function activePetLevels(s: PetState): Record<number, number> {
  const out: Record<number, number> = {};
  for (const p of s.pets) {
    if (!p.active) continue;
    const def = petType(p.type);
    if (def) out[def.effect] = (out[def.effect] ?? 0) + p.level;
  }
  return out;
}

export function activeCount(s: PetState, petClass: PetClass): number {
  let n = 0;
  for (const p of s.pets) if (p.active && petClassOf(p.type) === petClass) n++;
  return n;
}

export function unlockPet(s: PetState, type: number, wallet: Wallet): PetChange {
  const def = petType(type);
  if (!def) return fail("Unknown pet.");
  if (s.pets.some((p) => p.type === type)) return fail(`You already have a ${def.name}.`);
  const cost = petUnlockCost(s);
  if ((wallet[LootId.Egg] ?? 0) < cost) {
    return fail(`Unlocking a pet costs ${cost} Egg${cost === 1 ? "" : "s"}.`);
  }
  const next = clonePets(s);
  next.pets.push({ type, name: "", skin: 0, active: false, level: 0, xp: 0 });
  return { ok: true, state: next, cost: [{ lootId: LootId.Egg, amount: cost }] };
}

/**
 * Activates (`active`) or deactivates a pet. At its class's limit an activation must name an
 * active pet of the same class to take off (`replace`: the spec's Switch and the limit's pick).
 */
export function selectPet(s: PetState, type: number, active: boolean, replace?: number): PetChange {
  const def = petType(type);
  const own = s.pets.find((p) => p.type === type);
  if (!def || !own) return fail("You don't have that pet.");
  const next = clonePets(s);
  const pet = next.pets.find((p) => p.type === type) as OwnedPet;
  if (!active) {
    if (!own.active) return fail(`${displayName(own)} is not active.`);
    pet.active = false;
    return { ok: true, state: next, cost: [] };
  }
  if (own.active) return fail(`${displayName(own)} is already active.`);
  const cls = def.petClass;
  if (replace !== undefined) {
    const out = next.pets.find((p) => p.type === replace);
    if (!out?.active || petClassOf(out.type) !== cls) {
      return fail(`Choose an active ${PET_CLASS_NAMES[cls].toLowerCase()} pet to replace.`);
    }
    out.active = false;
  } else if (activeCount(s, cls) >= PET_ACTIVE_LIMITS[cls]) {
    const limit = PET_ACTIVE_LIMITS[cls];
    return fail(
      `You already have ${limit} active ${PET_CLASS_NAMES[cls].toLowerCase()} pet${limit === 1 ? "" : "s"}: choose one to replace.`,
    );
  }
  pet.active = true;
  return { ok: true, state: next, cost: [] };
}

/** Feeds eggs: 100K experience each (spec); levels carry over. */
export function feedPet(s: PetState, type: number, eggs: number, wallet: Wallet): PetChange {
  const own = s.pets.find((p) => p.type === type);
  if (!own) return fail("You don't have that pet.");
  if (!Number.isInteger(eggs) || eggs < 1) return fail("Feed at least 1 Egg.");
  if ((wallet[LootId.Egg] ?? 0) < eggs) return fail("Not enough Eggs.");
  const next = clonePets(s);
  const pet = next.pets.find((p) => p.type === type) as OwnedPet;
  const grown = addPetExperience(pet.level, pet.xp, eggs * PET_XP_PER_EGG);
  pet.level = grown.level;
  pet.xp = grown.xp;
  return { ok: true, state: next, cost: [{ lootId: LootId.Egg, amount: eggs }] };
}

/** Renames a pet; an empty name gives back the type's own name. */
export function renamePet(s: PetState, type: number, name: string): PetChange {
  if (!s.pets.some((p) => p.type === type)) return fail("You don't have that pet.");
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (trimmed.length > PET_NAME_MAX)
    return fail(`Pet names are at most ${PET_NAME_MAX} characters.`);
  if (hasHiddenCharacters(trimmed))
    return fail("Pet names can't contain control or invisible characters.");
  const next = clonePets(s);
  (next.pets.find((p) => p.type === type) as OwnedPet).name = trimmed;
  return { ok: true, state: next, cost: [] };
}

export function skinUnlocked(s: PetState, type: number, skin: number): boolean {
  return skin === 0 || s.skins.some((k) => k.type === type && k.skin === skin);
}

/** Puts an unlocked skin on a pet, or (`dungeon`) makes it the figure worn in dungeons. */
export function setPetSkin(s: PetState, type: number, skin: number, dungeon: boolean): PetChange {
  const def = petType(type);
  if (!def || !s.pets.some((p) => p.type === type)) return fail("You don't have that pet.");
  if (!def.skins.some((k) => k.id === skin)) return fail("Unknown skin.");
  if (!skinUnlocked(s, type, skin)) return fail("Unlock that skin first.");
  const next = clonePets(s);
  if (dungeon) next.dungeonSkin = { type, skin };
  else (next.pets.find((p) => p.type === type) as OwnedPet).skin = skin;
  return { ok: true, state: next, cost: [] };
}

/** Buys a skin for 5 Crystallized Mana (spec; the client confirms first) and puts it on. */
export function buyPetSkin(s: PetState, type: number, skin: number, wallet: Wallet): PetChange {
  const def = petType(type);
  if (!def || !s.pets.some((p) => p.type === type)) return fail("You don't have that pet.");
  if (!def.skins.some((k) => k.id === skin)) return fail("Unknown skin.");
  if (skinUnlocked(s, type, skin)) return fail("You already have that skin.");
  if ((wallet[LootId.CrystallizedMana] ?? 0) < PET_SKIN_COST) {
    return fail(`A skin costs ${PET_SKIN_COST} Crystallized Mana.`);
  }
  const next = clonePets(s);
  next.skins.push({ type, skin });
  (next.pets.find((p) => p.type === type) as OwnedPet).skin = skin;
  return {
    ok: true,
    state: next,
    cost: [{ lootId: LootId.CrystallizedMana, amount: PET_SKIN_COST }],
  };
}

/** The pet's name, or its type's. */
export function displayName(p: Pick<OwnedPet, "type" | "name">): string {
  return p.name !== "" ? p.name : (petType(p.type)?.name ?? `Pet #${p.type}`);
}

/**
 * Experience of one action for every active pet (hot path, mutates `s`): `gained` × the pet
 * XP multiplier. Returns the types of the pets that levelled up (their effects changed), or
 * null when none did.
 */
export function growActivePets(s: PetState, gained: number, multiplier: number): number[] | null {
  if (!(gained > 0)) return null;
  const add = gained * multiplier;
  let levelled: number[] | null = null;
  for (const p of s.pets) {
    if (!p.active) continue;
    p.xp += add;
    if (p.xp >= petExperienceForNextLevel(p.level)) {
      const grown = addPetExperience(p.level, p.xp, 0);
      if (grown.level !== p.level) {
        levelled ??= [];
        levelled.push(p.type);
      }
      p.level = grown.level;
      p.xp = grown.xp;
    }
  }
  return levelled;
}
