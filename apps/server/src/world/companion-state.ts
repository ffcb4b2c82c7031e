import {
  type ActivePotion,
  type BeltPotion,
  type OwnedPet,
  type PetState,
  type PotionState,
  petType,
  potionByBoost,
} from "@manaspire/game";

/**
 * Reads the `potions` and `pets` columns into the rules' shapes, dropping anything malformed
 * (an unknown kind, a negative count), so a hand-edited or old row cannot break the tick.
 */
const num = (v: unknown, min = 0): number =>
  typeof v === "number" && Number.isFinite(v) && v >= min ? v : min;

export function readPotions(raw: unknown): PotionState {
  const r = (raw ?? {}) as { active?: unknown; belt?: unknown };
  const active: ActivePotion[] = [];
  const belt: BeltPotion[] = [];
  for (const a of Array.isArray(r.active) ? r.active : []) {
    const x = a as Partial<ActivePotion>;
    if (!potionByBoost(num(x.boost)) || num(x.ticks) <= 0) continue;
    active.push({ boost: num(x.boost), tier: num(x.tier, 1), ticks: Math.floor(num(x.ticks)) });
  }
  for (const b of Array.isArray(r.belt) ? r.belt : []) {
    const x = b as Partial<BeltPotion>;
    if (!potionByBoost(num(x.boost)) || num(x.amount) <= 0) continue;
    belt.push({
      boost: num(x.boost),
      tier: num(x.tier, 1),
      amount: Math.floor(num(x.amount)),
      autoConsume: x.autoConsume === true,
    });
  }
  return { active, belt };
}

export function readPets(raw: unknown): PetState {
  const r = (raw ?? {}) as { pets?: unknown; dungeonSkin?: unknown; skins?: unknown };
  const pets: OwnedPet[] = [];
  for (const p of Array.isArray(r.pets) ? r.pets : []) {
    const x = p as Partial<OwnedPet>;
    const type = num(x.type);
    if (!petType(type) || pets.some((o) => o.type === type)) continue;
    pets.push({
      type,
      name: typeof x.name === "string" ? x.name.slice(0, 20) : "",
      skin: Math.floor(num(x.skin)),
      active: x.active === true,
      level: Math.floor(num(x.level)),
      xp: num(x.xp),
    });
  }
  const skins: PetState["skins"] = [];
  for (const k of Array.isArray(r.skins) ? r.skins : []) {
    const x = k as { type?: unknown; skin?: unknown };
    if (petType(num(x.type))) skins.push({ type: num(x.type), skin: Math.floor(num(x.skin)) });
  }
  const d = r.dungeonSkin as { type?: unknown; skin?: unknown } | null | undefined;
  const dungeonSkin =
    d && petType(num(d.type)) ? { type: num(d.type), skin: Math.floor(num(d.skin)) } : null;
  return { pets, dungeonSkin, skins };
}
