import { BOARDS, LEADERBOARD_VERSION } from "@manaspire/game";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";
import { serverSettings } from "../../db/schema";
import { readPets } from "../../world/companion-state";
import { readDungeon } from "../../world/dungeon-state";
import {
  diffKeys,
  loadScores,
  scoreInput,
  sortKeys,
  writeScores,
} from "../../world/leaderboard-scores";
import type { OncePerWorld } from "../../world/world-lock";
import { recountAnchors } from "./board-store";

/** How often the world's anchor job runs, and how many boards it recounts each time. */
export const ANCHOR_JOB_MS = 15_000;
export const BOARDS_PER_RUN = 3;
/** Players per transaction of the rescore. */
const RESCORE_BATCH = 500;
const VERSION_SETTING = "leaderboard_version";

/**
 * The leaderboards' background work, once per world (`OncePerWorld`):
 * - every {@link ANCHOR_JOB_MS}, recount the anchors of the next {@link BOARDS_PER_RUN} boards
 *   (round robin: every board about every 5 minutes);
 * - after the rules' {@link LEADERBOARD_VERSION} changed (and on a world made before
 *   leaderboards), score every player no process holds, from their saved row. Held players are
 *   scored by their owner when loaded (`PlayerStore.admit`).
 */
export class LeaderboardJobs {
  private next = 0;

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
  ) {}

  start(once: OncePerWorld): void {
    once.every("leaderboard-anchors", ANCHOR_JOB_MS, () => this.recountSome(BOARDS_PER_RUN));
    once.every("leaderboard-rescore", ANCHOR_JOB_MS, () => this.rescoreIfNeeded());
  }

  async recountSome(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const board = BOARDS[this.next % BOARDS.length]!;
      this.next++;
      await recountAnchors(this.db, board.id);
    }
  }

  /** Recounts every board (tests, the bench, an operator's tool). */
  async recountAll(): Promise<void> {
    for (const board of BOARDS) await recountAnchors(this.db, board.id);
  }

  /** Rescores the saved players once per rules version. Returns the players rescored. */
  async rescoreIfNeeded(): Promise<number> {
    const [row] = await this.db
      .select()
      .from(serverSettings)
      .where(eq(serverSettings.key, VERSION_SETTING));
    if (row?.value === String(LEADERBOARD_VERSION)) return 0;
    const started = Date.now();
    let after = 0;
    let total = 0;
    for (;;) {
      const { last, scored } = await this.rescoreBatch(after);
      if (last === undefined) break;
      after = last;
      total += scored;
    }
    await this.db
      .insert(serverSettings)
      .values({ key: VERSION_SETTING, value: String(LEADERBOARD_VERSION) })
      .onConflictDoUpdate({
        target: serverSettings.key,
        set: { value: String(LEADERBOARD_VERSION) },
      });
    this.log?.info({ players: total, ms: Date.now() - started }, "leaderboard scores rebuilt");
    return total;
  }

  /**
   * Scores the next batch of players no process holds, locking their rows meanwhile (a process
   * loading one of them waits, and then reads the scores written here).
   */
  private async rescoreBatch(after: number): Promise<{ last?: number; scored: number }> {
    return this.db.transaction(async (tx) => {
      const rows = resultRows<{
        id: string | number;
        battle_xp: number;
        mining_xp: number;
        fishing_xp: number;
        woodcutting_xp: number;
        kills: string | number;
        deaths: string | number;
        action_counter: string | number;
        battle_quest_completed: number;
        gather_quest_completed: number;
        highest_enemy: string | number;
        boosts: Record<number, number>;
        loot: Record<number, number>;
        sigil: { points?: number } | null;
        pets: unknown;
        dungeon: unknown;
        farm_harvested: number;
        owner_id: string | number | null;
      }>(
        await tx.execute(sql`
          select id, battle_xp, mining_xp, fishing_xp, woodcutting_xp, kills, deaths,
            action_counter, battle_quest_completed, gather_quest_completed, highest_enemy,
            boosts, loot, sigil, pets, dungeon, farm_harvested, owner_id
          from players where id > ${after} order by id limit ${RESCORE_BATCH}
          for update skip locked`),
      );
      if (rows.length === 0) return { scored: 0 };
      const free = rows.filter((r) => r.owner_id === null);
      const stored = await loadScores(
        tx,
        free.map((r) => Number(r.id)),
      );
      const writes = free.flatMap((r) => {
        const id = Number(r.id);
        const after = sortKeys(
          scoreInput({
            battleXp: Number(r.battle_xp),
            miningXp: Number(r.mining_xp),
            fishingXp: Number(r.fishing_xp),
            woodcuttingXp: Number(r.woodcutting_xp),
            kills: Number(r.kills),
            deaths: Number(r.deaths),
            actionCounter: Number(r.action_counter),
            battleQuestCompleted: Number(r.battle_quest_completed),
            gatherQuestCompleted: Number(r.gather_quest_completed),
            highestEnemy: Number(r.highest_enemy),
            boosts: r.boosts ?? {},
            loot: r.loot ?? {},
            sigil: { points: Number(r.sigil?.points ?? 0) || 0 },
            pets: readPets(r.pets),
            dungeon: readDungeon(r.dungeon),
            farmHarvested: Number(r.farm_harvested) || 0,
          }),
        );
        const changes = diffKeys(stored.get(id), after);
        return changes.length > 0 ? [{ playerId: id, scores: { changes, after } }] : [];
      });
      await writeScores(tx, writes);
      return { last: Number(rows[rows.length - 1]!.id), scored: writes.length };
    });
  }
}
