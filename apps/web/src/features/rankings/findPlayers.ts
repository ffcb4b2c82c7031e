/**
 * Rankings' Find a player (issue 31): the names on a board that begin with what the player
 * typed (`GET /api/leaderboards/{type}/search`, any case, at most 10), and what a search does
 * with them.
 */

/** The most names one search lists (the server's limit). */
export const FIND_LIMIT = 10;

/** What a search does with the names found. */
export type FindOutcome =
  /** Open the page holding this player (an exact name, or the only one). */
  | { kind: "open"; name: string }
  /** Let the player pick. */
  | { kind: "choose"; names: string[] }
  /** Nothing begins so on this board: the server's exact search says why. */
  | { kind: "exact"; name: string };

/** An exact name (any case) or the only match opens its page; several are offered. */
export function findOutcome(typed: string, names: readonly string[]): FindOutcome {
  const wanted = typed.trim().toLowerCase();
  const exact = names.find((n) => n.toLowerCase() === wanted);
  if (exact) return { kind: "open", name: exact };
  if (names.length === 1) return { kind: "open", name: names[0]! };
  if (names.length === 0) return { kind: "exact", name: typed.trim() };
  return { kind: "choose", names: [...names] };
}

/** Whether the text can begin a name (letters and underscores, 1-20). */
export function canBeginName(text: string): boolean {
  return /^[A-Za-z_]{1,20}$/.test(text.trim());
}

/** The names on `type`'s board that begin with `prefix`; null when the server could not say. */
export async function findPlayers(type: string, prefix: string): Promise<string[] | null> {
  try {
    const query = new URLSearchParams({ name: prefix.trim() });
    const res = await fetch(`/api/leaderboards/${encodeURIComponent(type)}/search?${query}`);
    if (!res.ok) return null;
    const body = (await res.json()) as { Names?: unknown };
    return Array.isArray(body.Names) ? body.Names.filter((n) => typeof n === "string") : null;
  } catch {
    return null;
  }
}
