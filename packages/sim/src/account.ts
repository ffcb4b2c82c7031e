import {
  activePetLevels,
  type DungeonState,
  emptyDungeon,
  emptyPets,
  emptyPotions,
  type GuildEffects,
  type PetState,
  type PotionState,
  petBoosts,
  Size,
  sigilBoosts,
  sigilLevel,
} from "@manaspire/game";
import type { Wallet } from "./ledger";
import type { ProfileId } from "./profiles";

/** One simulated account: what the server keeps of a player, as far as the simulator needs. */
export interface SimAccount {
  readonly id: number;
  readonly profile: ProfileId;
  /** Own boosts: research, stat drops, ascension (the server's `p.boosts`). */
  boosts: Record<number, number>;
  /**
   * Enchanting skill ranks bought in research (60-71, paid with formulas): kept apart, as the
   * server's totalBoosts leaves them out of the boosts (they only allow enchanting items).
   */
  skills: Record<number, number>;
  battleXp: number;
  /** Mining, fishing, woodcutting experience by action type (2, 3, 4). */
  gatherXp: Record<number, number>;
  wallet: Wallet;
  /** Seeds the next action's generator, as on the server (seedFrom(id, actionCounter, seed)). */
  actionCounter: number;
  /** Global enemy level fought (1-30 Radiant Grove, 31-100 Smoldering Marsh, then the top zone). */
  enemyLevel: number;
  highestEnemy: number;
  kills: number;
  deaths: number;
  questProgress: { battle: number; gather: number };
  questsDone: { battle: number; gather: number };
  /** Last farm collection (ms since the run began); -1: no farm. */
  farmHarvest: number;
  potions: PotionState;
  /** Idle dungeons (large), or null for an account that runs none. */
  dungeon: DungeonState | null;
  /** Pets unlocked and fed with eggs (spending.ts `tendPets`); they grow with action experience. */
  pets: PetState;
  /** What active pets and the sigil add to the boosts (null: nothing), rebuilt when they change. */
  companions: Record<number, number> | null;
  /** Event points spent on the Growth sigil (events.ts); its level is sigilLevel of this. */
  sigilSpent: number;
  /** Epic or better items dropped and kept (play.ts SIM_AUTO_DISENCHANT; gear is not simulated). */
  itemsKept: number;
  /** Successful Rift of Power siphons (free Orbs of Power; items are not simulated). */
  siphons: number;
  /** Actions events took from each of today's action loads (index: the load). */
  eventActions: number[];
  /** Guild index, or -1. */
  guild: number;
  guildEffects: GuildEffects | undefined;
  /** Milestone name -> day reached (first time). */
  milestones: Record<string, number>;
}

export function newAccount(
  id: number,
  profile: ProfileId,
  farm: boolean,
  dungeon = false,
): SimAccount {
  return {
    id,
    profile,
    boosts: {},
    skills: {},
    battleXp: 0,
    gatherXp: { 2: 0, 3: 0, 4: 0 },
    wallet: {},
    actionCounter: 0,
    enemyLevel: 1,
    highestEnemy: 0,
    kills: 0,
    deaths: 0,
    questProgress: { battle: 0, gather: 0 },
    questsDone: { battle: 0, gather: 0 },
    farmHarvest: farm ? 0 : -1,
    potions: emptyPotions(),
    dungeon: dungeon ? { ...emptyDungeon(), idleSize: Size.Large } : null,
    pets: emptyPets(),
    companions: null,
    sigilSpent: 0,
    itemsKept: 0,
    siphons: 0,
    eventActions: [],
    guild: -1,
    guildEffects: undefined,
    milestones: {},
  };
}

export function milestone(a: SimAccount, name: string, day: number): void {
  if (a.milestones[name] === undefined) a.milestones[name] = day;
}

/** Rebuilds what pets and the Growth sigil add to the account's boosts (after either changed). */
export function refreshCompanions(a: SimAccount): void {
  const out: Record<number, number> = petBoosts(activePetLevels(a.pets));
  const sigil = sigilBoosts(SIM_SIGIL, sigilLevel(a.sigilSpent));
  for (const key in sigil) out[key] = (out[key] ?? 0) + (sigil[key] ?? 0);
  a.companions = Object.keys(out).length > 0 ? out : null;
}

/** The sigil event regulars level: Growth (103, multistat +1 a level). */
export const SIM_SIGIL = 103;
