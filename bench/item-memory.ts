import { createRng, type GearSlot, generateItem, type Item } from "@manaspire/game";
import { compactItem } from "../apps/server/src/world/compact-item";

/**
 * Issue 30's heap per loaded player, the items' part: 8 real items a player (rarity 3, level
 * 20, about four boosts each), held as the server holds them (`compactItem`) beside the same
 * items as `JSON.parse` gives them (the baseline: how they were held before 2026-11-29).
 */
export function itemMemoryBench(players = 20_000): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    console.log("items' heap per player: run with node --expose-gc to measure");
    return;
  }
  const texts = Array.from({ length: 8 }, (_, i) =>
    JSON.stringify(
      generateItem({ slot: (i + 1) as GearSlot, rarity: 3, level: 20, id: 1 }, createRng(i)),
    ),
  );
  // A new string per item, as each row's text is: nothing shared but what the form shares.
  const parsed = (i: number): Item => JSON.parse(` ${texts[i % 8]}`) as Item;
  const held = (make: (i: number) => Item): number => {
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    const keep: Item[] = new Array(players * 8);
    for (let i = 0; i < keep.length; i++) keep[i] = make(i);
    gc();
    gc();
    const bytes = (process.memoryUsage().heapUsed - before) / players;
    if (keep.length !== players * 8) throw new Error("unreachable");
    return bytes;
  };
  const asParsed = held(parsed);
  const compact = held((i) => compactItem(parsed(i)));
  console.log(
    `${"items' heap per player (8 items)".padEnd(48)} ${(compact / 1024).toFixed(2)} KB compact vs ${(asParsed / 1024).toFixed(2)} KB as parsed (${(compact / asParsed).toFixed(2)}×)`,
  );
}
