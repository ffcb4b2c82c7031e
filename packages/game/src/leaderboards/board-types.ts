/** The shapes of the leaderboards (boards.ts): what a board is and what scores a player. */

/** Dungeon figures a player's dungeon state will provide (dungeons issue). */
export interface DungeonScores {
  readonly completed: number;
  readonly treasures: number;
  readonly rooms: number;
  readonly manual: number;
  readonly guildObjectives: number;
  /** Best speedrun times in seconds (0: none yet). */
  readonly speedrunSmall: number;
  readonly speedrunMedium: number;
  readonly speedrunLarge: number;
}

/** What a board's score is computed from: a player's saved state. */
export interface ScoreInput {
  readonly battleXp: number;
  readonly miningXp: number;
  readonly fishingXp: number;
  readonly woodcuttingXp: number;
  readonly kills: number;
  readonly deaths: number;
  readonly actionCounter: number;
  readonly battleQuestCompleted: number;
  readonly gatherQuestCompleted: number;
  /** The highest enemy level the player has beaten. */
  readonly highestEnemy: number;
  /** The player's own boosts: research levels, enchanting skills, stat drops (not gear). */
  readonly boosts: Readonly<Record<number, number>>;
  readonly loot: Readonly<Record<number, number>>;
  /** Event points spent on the sigil level. */
  readonly sigilPoints: number;
  /** Sum of the player's pet levels (pets issue). */
  readonly petLevels?: number;
  /** Herbs collected from the farm in total (`players.farm_harvested`). */
  readonly farmHarvested?: number;
  readonly dungeons?: Partial<DungeonScores>;
}

/** How a board's score reads. */
export type ScoreFormat = "number" | "level" | "ratio" | "seconds";

export type BoardGroup =
  | "Skills"
  | "Progress"
  | "Combat"
  | "Enchanting"
  | "Research"
  | "Best of"
  | "Pets & farm"
  | "Dungeons";

export interface BoardDef {
  /** Stable number stored with each score (never reuse one). */
  readonly id: number;
  /** The live game's type name, used in URLs and the public API. */
  readonly key: string;
  readonly name: string;
  readonly group: BoardGroup;
  /** What the score is. */
  readonly description: string;
  /** `desc`: highest first (most boards); `asc`: lowest first (speedrun times). */
  readonly order: "desc" | "asc";
  readonly format: ScoreFormat;
  /**
   * The sort value of a player; 0, negative, NaN or undefined means not on this board. For
   * the skill boards it is the experience, so players of one level are ordered by progress.
   */
  readonly score: (s: ScoreInput) => number | undefined;
  /** The score shown (the level for experience boards); the sort value when absent. */
  readonly shown?: (score: number) => number;
}
