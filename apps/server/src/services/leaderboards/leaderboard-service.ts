import {
  type BoardDef,
  competitionRanks,
  LEADERBOARD_PAGE_SIZE,
  pageError,
  pageOfPosition,
  scoreOfKey,
  shownScore,
  totalPages,
} from "@manaspire/game";
import type { Db } from "../../db/client";
import { GameError } from "../../socket/handlers";
import { findPlayerByName, shownName } from "../player-directory";
import { type BoardRow, boardSize, countBefore, keyOf, rowsAt, rowsOf } from "./board-store";
import type { GuildDirectory } from "./guilds";
import { namesOnBoard } from "./name-search";

/** A row as the page shows it (spec 001 section 3: Rank, Name, Score, Banned). */
export interface RankedRow {
  rank: number;
  name: string;
  score: number;
  banned: boolean;
}

export interface LeaderboardPage {
  type: string;
  rows: RankedRow[];
  currentPage: number;
  totalPages: number;
  guildOnly: boolean;
  /** The player a search looked for (on this page). */
  highlight?: string;
  /** The viewer's own place on this board, when they are on it. */
  own?: { rank: number; score: number; page: number };
}

export interface PageRequest {
  page: number;
  /** Only these guild members (the viewer's guild, or `?guild=` of the public API). */
  guildId?: number | undefined;
  /** The player looking (their own rank is added). */
  viewerId?: number | undefined;
  highlight?: string | undefined;
}

/**
 * Leaderboard pages and searches (issue 12), for the socket and the public API. Ranks come from
 * the database (board-store.ts); equal scores share a rank. A refusal is a `GameError`.
 */
export class Leaderboards {
  constructor(
    private readonly db: Db,
    private readonly guilds: GuildDirectory,
  ) {}

  async page(board: BoardDef, req: PageRequest): Promise<LeaderboardPage> {
    if (req.guildId !== undefined) return this.guildPage(board, req.guildId, req);
    if (!Number.isSafeInteger(req.page) || req.page < 1) {
      throw new GameError(pageError(req.page, await this.pages(board)) ?? "Pick another page.");
    }
    const offset = (req.page - 1) * LEADERBOARD_PAGE_SIZE;
    // Independent reads run side by side (on PostgreSQL each takes a pooled connection).
    const [total, rows, own] = await Promise.all([
      this.pages(board),
      rowsAt(this.db, board.id, offset, LEADERBOARD_PAGE_SIZE),
      req.viewerId !== undefined ? this.ownPlace(board, req.viewerId) : undefined,
    ]);
    const error = pageError(req.page, total);
    if (error) throw new GameError(error);
    const first = rows[0];
    const firstRank = first
      ? 1 + (await countBefore(this.db, board.id, { key: first.key, playerId: 0 }))
      : offset + 1;
    const ranks = competitionRanks(
      rows.map((r) => r.key),
      firstRank,
      offset + 1,
    );
    const page: LeaderboardPage = {
      type: board.key,
      rows: rows.map((r, i) => this.ranked(board, r, ranks[i]!)),
      currentPage: req.page,
      totalPages: total,
      guildOnly: false,
    };
    if (req.highlight !== undefined) page.highlight = req.highlight;
    if (own) page.own = own;
    return page;
  }

  private async pages(board: BoardDef): Promise<number> {
    return totalPages(await boardSize(this.db, board.id));
  }

  /** The page holding a player (spec: searchLeaderboard), or a refusal naming why not. */
  async search(board: BoardDef, name: string, viewerId?: number): Promise<LeaderboardPage> {
    const wanted = name.trim();
    if (wanted === "") throw new GameError("Enter a player's name to search for.");
    const ref = await findPlayerByName(this.db, wanted);
    if (!ref) throw new GameError(`Player ${shownName(wanted)} not found.`);
    const key = await keyOf(this.db, board.id, ref.id);
    if (key === undefined) throw new GameError(`${ref.name} is not on the ${board.name} board.`);
    const position = 1 + (await countBefore(this.db, board.id, { key, playerId: ref.id }));
    return this.page(board, { page: pageOfPosition(position), viewerId, highlight: ref.name });
  }

  /** The names on the board that begin with `prefix`, ignoring case (name-search.ts). */
  namesStartingWith(board: BoardDef, prefix: string): Promise<string[]> {
    return namesOnBoard(this.db, board.id, prefix);
  }

  private async ownPlace(board: BoardDef, playerId: number) {
    const key = await keyOf(this.db, board.id, playerId);
    if (key === undefined) return undefined;
    const position = 1 + (await countBefore(this.db, board.id, { key, playerId }));
    const rank = 1 + (await countBefore(this.db, board.id, { key, playerId: 0 }));
    return {
      rank,
      score: shownScore(board, scoreOfKey(board, key)),
      page: pageOfPosition(position),
    };
  }

  private async guildPage(
    board: BoardDef,
    guildId: number,
    req: PageRequest,
  ): Promise<LeaderboardPage> {
    const members = await this.guilds.members(guildId);
    const all = await rowsOf(this.db, board.id, members);
    const total = totalPages(all.length);
    const error = pageError(req.page, total);
    if (error) throw new GameError(error);
    const ranks = competitionRanks(all.map((r) => r.key));
    const offset = (req.page - 1) * LEADERBOARD_PAGE_SIZE;
    const page: LeaderboardPage = {
      type: board.key,
      rows: all
        .slice(offset, offset + LEADERBOARD_PAGE_SIZE)
        .map((r, i) => this.ranked(board, r, ranks[offset + i]!)),
      currentPage: req.page,
      totalPages: total,
      guildOnly: true,
    };
    if (req.highlight !== undefined) page.highlight = req.highlight;
    const at = all.findIndex((r) => r.playerId === req.viewerId);
    if (at >= 0) {
      page.own = {
        rank: ranks[at]!,
        score: shownScore(board, scoreOfKey(board, all[at]!.key)),
        page: pageOfPosition(at + 1),
      };
    }
    return page;
  }

  private ranked(board: BoardDef, r: BoardRow, rank: number): RankedRow {
    return {
      rank,
      name: r.name,
      score: shownScore(board, scoreOfKey(board, r.key)),
      banned: r.banned,
    };
  }
}
