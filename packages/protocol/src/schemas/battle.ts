import { t } from "../codecs";
import { lootMap } from "./common";
import { element, zone } from "./enums";
import { item } from "./item";

/** Spec 000 section 3 "Battle result". */
export const battleResult = t.record({
  experienceGained: t.f64,
  won: t.bool,
  roundLimitReached: t.bool,
  health: t.f64,
  maxHealth: t.f64,
  mana: t.f64,
  maxMana: t.f64,
  zone,
  enemyId: t.uint53,
  enemyName: t.string(60),
  enemyLevel: t.uint53,
  enemyElement: element,
  enemyHealthRemaining: t.f64,
  enemyMaxHealth: t.f64,
  attacks: t.u32,
  enemyAttacks: t.u32,
  nullifiedAttacks: t.u32,
  wardStrength: t.f64,
  enemyWardStrength: t.f64,
  crits: t.u32,
  casts: t.u32,
  damageDone: t.f64,
  damageTaken: t.f64,
  manaSpent: t.f64,
  manaShortage: t.f64,
  poisonDamage: t.f64,
  damageHealed: t.f64,
  extraLives: t.u8,
  loot: lootMap,
  taxed: lootMap,
  items: t.array(item, 32),
  /** Base stat points gained (boost id to amount). */
  statDrops: t.map(t.u16, t.f64, 16),
});

/** Spec 000 section 3 "Gather result". */
export const gatherResult = t.record({
  experienceGained: t.f64,
  loot: lootMap,
  taxed: lootMap,
  items: t.array(item, 32),
});

/** Spec 000 section 3 "Loot tracker entry": fungible (lootId, amount) or an item. */
export const lootTrackerEntry = t.record({
  timestamp: t.f64,
  lootId: t.optional(t.u16),
  amount: t.optional(t.f64),
  item: t.optional(item),
});
