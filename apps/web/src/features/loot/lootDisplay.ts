import { boostById, lootById, type Rarity } from "@manaspire/game";
import type { Item, LootTrackerEntry } from "@manaspire/protocol";
import { formatNumber } from "../../lib/numbers";

/** One line of loot: a currency or material with its name and rarity colour. */
export interface LootLine {
  id: number;
  name: string;
  rarity: Rarity;
  amount: number;
}

/** Name and rarity of a loot id; unknown ids show their raw number. */
export function lootInfo(id: number): { name: string; rarity: Rarity } {
  const def = lootById(id);
  return def ? { name: def.name, rarity: def.rarity } : { name: `Loot #${id}`, rarity: 0 };
}

/** A loot map (id -> amount) as display lines, in catalogue order, without zero amounts. */
export function lootLines(loot: Readonly<Record<number, number>>): LootLine[] {
  const lines: LootLine[] = [];
  for (const key of Object.keys(loot)) {
    const id = Number(key);
    const amount = loot[id] ?? 0;
    if (amount === 0 || !Number.isFinite(amount)) continue;
    lines.push({ id, amount, ...lootInfo(id) });
  }
  return lines.sort((a, b) => a.id - b.id);
}

/** Stat drops of a battle (boost id -> amount) as "+1 Intellect"; unknown boosts show the raw id. */
export function statDropLines(
  drops: Readonly<Record<number, number>>,
): { id: number; text: string }[] {
  return Object.keys(drops)
    .map(Number)
    .filter((id) => (drops[id] ?? 0) !== 0)
    .sort((a, b) => a - b)
    .map((id) => {
      const amount = drops[id] ?? 0;
      const name = boostById(id)?.name ?? `Boost #${id}`;
      return { id, text: `${amount > 0 ? "+" : ""}${formatNumber(amount)} ${name}` };
    });
}

/** What one loot tracker row shows. */
export type TrackerRow =
  | {
      kind: "loot";
      key: string;
      time: string;
      lootId: number;
      name: string;
      rarity: Rarity;
      amount: number;
    }
  | {
      kind: "item";
      key: string;
      time: string;
      name: string;
      rarity: Rarity;
      level: number;
      /** The dropped item as the tracker entry carries it (for its tooltip). */
      item: Item;
    };

const pad = (n: number) => String(n).padStart(2, "0");

/** Local wall-clock time "HH:MM:SS" of a timestamp in milliseconds. */
export function formatClock(timestamp: number): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "--:--:--";
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * Rows of the loot tracker (entries newest first). Keys stay stable while new entries
 * arrive at the top: they count repeats of the same (time, loot) from the oldest end.
 */
export function trackerRows(entries: readonly LootTrackerEntry[]): TrackerRow[] {
  const seen = new Map<string, number>();
  const rows: TrackerRow[] = new Array(entries.length);
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (!entry) continue;
    const what = entry.item ? `i${entry.item.id}` : `l${entry.lootId ?? 0}`;
    const base = `${entry.timestamp}:${what}`;
    const repeat = seen.get(base) ?? 0;
    seen.set(base, repeat + 1);
    const key = `${base}:${repeat}`;
    const time = formatClock(entry.timestamp);
    rows[i] = entry.item
      ? {
          kind: "item",
          key,
          time,
          name: entry.item.name,
          rarity: entry.item.rarity,
          level: entry.item.level,
          item: entry.item,
        }
      : {
          kind: "loot",
          key,
          time,
          lootId: entry.lootId ?? 0,
          amount: entry.amount ?? 0,
          ...lootInfo(entry.lootId ?? 0),
        };
  }
  return rows.filter(Boolean);
}
