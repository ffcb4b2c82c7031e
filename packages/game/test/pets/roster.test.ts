import { describe, expect, it } from "vitest";
import {
  activePetLevels,
  addPetExperience,
  buyPetSkin,
  emptyPets,
  feedPet,
  growActivePets,
  PET_XP_PER_EGG,
  type PetState,
  petExperienceForNextLevel,
  petUnlockCost,
  petXpMultiplier,
  renamePet,
  selectPet,
  setPetSkin,
  totalPetLevels,
  unlockPet,
} from "../../src/index";

function own(...types: number[]): PetState {
  let s = emptyPets();
  for (const type of types) {
    const r = unlockPet(s, type, { 49: 1000 });
    if (!r.ok) throw new Error(r.error);
    s = r.state;
  }
  return s;
}

function activate(s: PetState, type: number, replace?: number): PetState {
  const r = selectPet(s, type, true, replace);
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

describe("unlocking", () => {
  it("costs pets owned + 1 eggs", () => {
    const s = emptyPets();
    expect(petUnlockCost(s)).toBe(1);
    const r = unlockPet(s, 4, { 49: 1 });
    expect(r.ok && r.cost).toEqual([{ lootId: 49, amount: 1 }]);
    if (!r.ok) return;
    expect(petUnlockCost(r.state)).toBe(2);
    expect(unlockPet(r.state, 6, { 49: 1 })).toEqual({
      ok: false,
      error: "Unlocking a pet costs 2 Eggs.",
    });
    expect(unlockPet(r.state, 4, { 49: 9 })).toEqual({
      ok: false,
      error: "You already have a Dragon.",
    });
    expect(unlockPet(r.state, 99, { 49: 9 })).toEqual({ ok: false, error: "Unknown pet." });
  });
});

describe("activation limits: 3 combat, 2 gathering, 1 utility", () => {
  it("refuses a fourth combat pet unless one of the same class is replaced", () => {
    let s = own(1, 2, 3, 4, 14, 15, 16, 11, 12);
    s = activate(activate(activate(s, 1), 2), 3);
    expect(selectPet(s, 4, true)).toEqual({
      ok: false,
      error: "You already have 3 active combat pets: choose one to replace.",
    });
    expect(selectPet(s, 4, true, 14).ok).toBe(false); // not the same class
    s = activate(s, 4, 2);
    expect(
      s.pets
        .filter((p) => p.active)
        .map((p) => p.type)
        .sort(),
    ).toEqual([1, 3, 4]);
    s = activate(activate(s, 14), 15);
    expect(selectPet(s, 16, true).ok).toBe(false);
    s = activate(s, 11);
    expect(selectPet(s, 12, true)).toEqual({
      ok: false,
      error: "You already have 1 active utility pet: choose one to replace.",
    });
    expect(activePetLevels(s)).toEqual({ 1: 0, 3: 0, 4: 0, 14: 0, 15: 0, 11: 0 });
  });
  it("deactivates, and refuses pets not owned or in the wrong state", () => {
    let s = activate(own(4), 4);
    expect(selectPet(s, 4, true)).toEqual({ ok: false, error: "Dragon is already active." });
    const off = selectPet(s, 4, false);
    expect(off.ok).toBe(true);
    if (off.ok) s = off.state;
    expect(selectPet(s, 4, false)).toEqual({ ok: false, error: "Dragon is not active." });
    expect(selectPet(s, 5, true)).toEqual({ ok: false, error: "You don't have that pet." });
  });
});

describe("levels and feeding", () => {
  it("needs 2.5M × 2^(level-1) for a level", () => {
    expect(petExperienceForNextLevel(0)).toBe(2_500_000);
    expect(petExperienceForNextLevel(1)).toBe(5_000_000);
    expect(addPetExperience(0, 0, 7_500_000)).toEqual({ level: 2, xp: 0 });
    expect(addPetExperience(0, 2_000_000, 600_000)).toEqual({ level: 1, xp: 100_000 });
  });
  it("feeds 100K experience per egg", () => {
    const s = own(4);
    const r = feedPet(s, 4, 26, { 49: 26 });
    expect(r.ok && r.cost).toEqual([{ lootId: 49, amount: 26 }]);
    expect(r.ok && r.state.pets[0]).toMatchObject({
      level: 1,
      xp: 26 * PET_XP_PER_EGG - 2_500_000,
    });
    expect(feedPet(s, 4, 0, { 49: 5 })).toEqual({ ok: false, error: "Feed at least 1 Egg." });
    expect(feedPet(s, 4, 6, { 49: 5 })).toEqual({ ok: false, error: "Not enough Eggs." });
    expect(feedPet(s, 4, 1.5, { 49: 5 }).ok).toBe(false);
  });
  it("active pets grow with the owner's actions; +2% per pet level owned", () => {
    expect(petXpMultiplier(0, 0)).toBe(1);
    expect(petXpMultiplier(10, 0)).toBeCloseTo(1.2, 12);
    expect(petXpMultiplier(10, 2)).toBeCloseTo(1.2 * 1.1, 12);
    const s = activate(own(4, 6), 4);
    expect(growActivePets(s, 2_000_000, 1.5)).toEqual([4]);
    expect(s.pets.find((p) => p.type === 4)).toMatchObject({ level: 1, xp: 500_000 });
    expect(s.pets.find((p) => p.type === 6)).toMatchObject({ level: 0, xp: 0 });
    expect(totalPetLevels(s)).toBe(1);
    expect(growActivePets(s, 0, 1.5)).toBeNull();
  });
});

describe("names and skins", () => {
  it("renames within 20 characters", () => {
    const s = own(4);
    const r = renamePet(s, 4, "  Smaug  the   Red ");
    expect(r.ok && r.state.pets[0]?.name).toBe("Smaug the Red");
    expect(renamePet(s, 4, "x".repeat(21))).toEqual({
      ok: false,
      error: "Pet names are at most 20 characters.",
    });
    expect(renamePet(s, 4, "a\u0000b").ok).toBe(false);
  });
  it("buys skins for 5 Crystallized Mana and sets pet and dungeon skins", () => {
    const s = own(4);
    expect(setPetSkin(s, 4, 1, false)).toEqual({ ok: false, error: "Unlock that skin first." });
    expect(buyPetSkin(s, 4, 1, { 44: 4 })).toEqual({
      ok: false,
      error: "A skin costs 5 Crystallized Mana.",
    });
    const bought = buyPetSkin(s, 4, 1, { 44: 5 });
    expect(bought.ok && bought.cost).toEqual([{ lootId: 44, amount: 5 }]);
    if (!bought.ok) return;
    expect(bought.state.pets[0]?.skin).toBe(1);
    expect(buyPetSkin(bought.state, 4, 1, { 44: 5 }).ok).toBe(false);
    const dungeon = setPetSkin(bought.state, 4, 1, true);
    expect(dungeon.ok && dungeon.state.dungeonSkin).toEqual({ type: 4, skin: 1 });
    expect(setPetSkin(s, 4, 9, false)).toEqual({ ok: false, error: "Unknown skin." });
  });
});
