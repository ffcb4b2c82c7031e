import {
  type DungeonState,
  emptyDungeon,
  emptyPotions,
  type GuildEffects,
  type PotionState,
  Size,
} from "@manaspire/game";
import type { Wallet } from "./ledger";
import type { ProfileId } from "./profiles";

/** One simulated account: what the server keeps of a player, as far as the simulator needs. */
export interface SimAccount {
  readonly id: number;
  readonly profile: ProfileId;
  /** Own boosts: research, stat drops, ascension (the server's `p.boosts`). */
  boosts: Record<number, number>;
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
    guild: -1,
    guildEffects: undefined,
    milestones: {},
  };
}

export function milestone(a: SimAccount, name: string, day: number): void {
  if (a.milestones[name] === undefined) a.milestones[name] = day;
}
