import { parseChatLink, type Rarity } from "@manaspire/game";
import type { LoadedPlayer } from "../../world/loaded-player";

/** Finds the items of a line's links (any player's), with the server's name and rarity. */
export type ChatItemLookup = (
  ids: readonly number[],
  sender: LoadedPlayer | undefined,
) => Promise<ReadonlyMap<number, { name: string; rarity: Rarity }>>;

const LINK_TOKEN = /\[\[([^[\]]*)\]\]/g;

/** The item ids a text links to (`[[item:ID…]]`), in order, without repeats. */
export function linkedItemIds(text: string): number[] {
  const ids = new Set<number>();
  for (const match of text.matchAll(LINK_TOKEN)) {
    const link = parseChatLink(match[1] ?? "");
    if (link?.kind === "item") ids.add(link.id);
  }
  return [...ids];
}
