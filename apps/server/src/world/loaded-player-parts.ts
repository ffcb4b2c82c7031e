import type {
  CombatStats,
  GatherBoosts,
  GuildEffects,
  PetActionBonuses,
  PetCombatBonuses,
  RewardBoosts,
} from "@manaspire/game";
import type { LootTrackerEntry } from "@manaspire/protocol";

/**
 * The shapes of what a loaded player holds beside its persisted columns (its guild's effects,
 * unsaved loot tracker entries, derived caches), apart from the modules that work on them so
 * loaded-player.ts imports nothing that imports it.
 */

/**
 * What a member's guild does to their play (upgrades and level, spec 001 section 9), held on
 * the loaded player so the stat derivation (player-view.ts) and the actions read it without a
 * lookup. The guild service sets it whenever it reads the guild's rules (a change here, a
 * change heard on the bus from another process, the 15 s reload, a player loaded): the next
 * action uses it. Leaving or being kicked clears it.
 */
export interface MemberGuild {
  guildId: number;
  effects: Readonly<GuildEffects>;
}

/**
 * What a loaded player holds of its loot tracker: only the entries not saved yet (oldest
 * first) and whether the saved ones were cleared. The saved entries live in `loot_tracker`.
 */
export interface TrackerChanges {
  added: LootTrackerEntry[];
  cleared: boolean;
  /** Entries saved since the player's rows were last pruned. */
  sincePrune: number;
}

export function emptyTracker(): TrackerChanges {
  return { added: [], cleared: false, sincePrune: 0 };
}

/** The derived values of a player and what they were derived from (kept on the player). */
export interface DerivedCache {
  statsVersion: number;
  equipmentVersion: number;
  /** The equipped items' boosts, as of `equipmentVersion` (stat drops do not renew it). */
  equipment: Record<number, number> | null;
  totals: Record<number, number> | null;
  /** The reward sums of `totals` (reward-boosts.ts in the game package), read by every action. */
  rewards: RewardBoosts | null;
  /** The gathering sums of `totals` (gathering.ts in the game package). */
  gather: GatherBoosts | null;
  /**
   * The own boosts an idle dungeon step reads (Dungeons Unlocked, Idle Speed); null until read
   * (every action of a player with an idle queue reads them). Not NaN: a double field would be
   * a box of its own in every loaded player.
   */
  dungeonUnlocked: number | null;
  dungeonIdle: number;
  stats: CombatStats | null;
  /** What active potions and pets do, as of `companionVersion` (companion-effects.ts). */
  companions: CompanionCache | null;
}

export function emptyDerived(): DerivedCache {
  return {
    statsVersion: -1,
    equipmentVersion: -1,
    equipment: null,
    totals: null,
    rewards: null,
    gather: null,
    dungeonUnlocked: null,
    dungeonIdle: 0,
    stats: null,
    companions: null,
  };
}

/**
 * What active potions and pets do to a player's boosts and combat stats, cached per player
 * until `companionsChanged` (a potion starting or ending, a pet levelling, fed, activated or
 * deactivated). Stat drops and level-ups recompute the totals often; they reuse these.
 * Kept in the player's derived cache (`p.derived.companions`), read on every action: a field,
 * not a WeakMap lookup (with 50,000 players those lookups were a visible share of the tick).
 */
export interface CompanionCache {
  version: number;
  /** The potion boost the potions were scaled with. */
  potionBoost: number;
  boosts: Record<number, number> | null;
  combat: PetCombatBonuses | null;
  hasPets: boolean;
  /** The active pets' per-action bonuses (companions.ts), null without active pets. */
  actions: PetActionBonuses | null;
  /** The pets' experience multiplier (all pets' levels and the Pet XP pet). */
  petXpMultiplier: number;
}
