/** The rankings screen's rules (issue 12), pure: the picker, the URL state, paging, scores. */
import { BOARDS, type BoardDef, type BoardGroup, boardByKey } from "@manaspire/game";
import { formatFull, formatNumber } from "../../lib/numbers";

export const DEFAULT_BOARD = "battle";

/** The picker's groups, in the registry's order. */
export function boardGroups(): Array<{ group: BoardGroup; boards: BoardDef[] }> {
  const out: Array<{ group: BoardGroup; boards: BoardDef[] }> = [];
  for (const board of BOARDS) {
    const last = out.find((g) => g.group === board.group);
    if (last) last.boards.push(board);
    else out.push({ group: board.group, boards: [board] });
  }
  return out;
}

/** The board and page an address asks for (`?type=…&page=…`), unknown values falling back. */
export function rankingsQuery(params: URLSearchParams): { board: BoardDef; page: number } {
  const board = boardByKey(params.get("type") ?? "") ?? boardByKey(DEFAULT_BOARD)!;
  const page = Number(params.get("page") ?? "1");
  return { board, page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

/** The page to ask for: within 1..total pages once the total is known (spec). */
export function clampPage(page: number, totalPages: number | undefined): number {
  const whole = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.max(1, totalPages === undefined ? whole : Math.min(whole, totalPages));
}

/** The pager's buttons: which exist and which are disabled at the bounds. */
export function pager(current: number, total: number) {
  return {
    first: { page: 1, disabled: current <= 1 },
    previous: { page: Math.max(1, current - 1), disabled: current <= 1 },
    next: { page: Math.min(total, current + 1), disabled: current >= total },
    last: { page: total, disabled: current >= total },
  };
}

/** A score as a row shows it, and its full value for the hover. */
export function formatScore(board: BoardDef, score: number): { text: string; full: string } {
  switch (board.format) {
    case "level":
      return { text: formatFull(score), full: `Level ${formatFull(score)}` };
    case "ratio":
      return { text: score.toFixed(2), full: score.toFixed(4) };
    case "seconds":
      return { text: `${score.toFixed(3)} s`, full: `${score.toFixed(3)} seconds` };
    default:
      return { text: formatNumber(score), full: formatFull(score) };
  }
}
