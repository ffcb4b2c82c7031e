import { createLocalValue, integerCodec, useLocalValue } from "../../lib/localValue";
import { NEWS_COUNT } from "./newsCount";

/** How many news entries the player has seen (localStorage "read-news"). */
export const readNewsCount = createLocalValue("read-news", integerCodec(0));

/** Whether the News menu entry shows its red dot. */
export function hasUnreadNews(totalEntries: number, readCount: number): boolean {
  return totalEntries > readCount;
}

export function useHasUnreadNews(): boolean {
  return hasUnreadNews(NEWS_COUNT, useLocalValue(readNewsCount));
}

export function markAllNewsRead(): void {
  if (readNewsCount.get() !== NEWS_COUNT) readNewsCount.set(NEWS_COUNT);
}
