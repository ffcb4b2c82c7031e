/** Leaderboard paging and ranks (spec 001: page size 20; the page must be 1 to total pages). */

/** Rows on a leaderboard page (spec 001 section 9). */
export const LEADERBOARD_PAGE_SIZE = 20;

/** Pages of a board with `rows` players; an empty board still has its page 1. */
export function totalPages(rows: number, pageSize = LEADERBOARD_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, rows) / pageSize));
}

/** Why a page number is refused, or null when it is 1 to `total`. */
export function pageError(page: number, total: number): string | null {
  if (!Number.isSafeInteger(page) || page < 1 || page > total) {
    return total === 1 ? "That board has only page 1." : `Pick a page from 1 to ${total}.`;
  }
  return null;
}

/** The page a 1-based position is on. */
export function pageOfPosition(position: number, pageSize = LEADERBOARD_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(position / pageSize));
}

/**
 * Ranks of rows in board order (best first): equal scores share a rank, and the next score's
 * rank counts everyone before it ("1, 2, 2, 4"). `firstRank` is the rank of the first row,
 * `firstPosition` its 1-based place on the board (they differ when it ties with rows of the
 * page before).
 */
export function competitionRanks(
  scores: readonly number[],
  firstRank = 1,
  firstPosition = firstRank,
): number[] {
  const ranks: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    ranks.push(
      i > 0 && scores[i] === scores[i - 1]
        ? ranks[i - 1]!
        : i === 0
          ? firstRank
          : firstPosition + i,
    );
  }
  return ranks;
}
