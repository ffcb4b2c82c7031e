/** Filters and entry display of the activity log (spec 000 section 9). Pure. */
import { LOG_CATEGORY_LABELS, LogCategory } from "@manaspire/game";

export interface LogFilterOption {
  value: LogCategory;
  label: string;
}

const option = (value: LogCategory): LogFilterOption => ({
  value,
  label: LOG_CATEGORY_LABELS[value],
});

/** Player log: All, Whisper, Transfer, Market, Level, Event, Account. */
export const PLAYER_LOG_FILTERS: readonly LogFilterOption[] = [
  LogCategory.All,
  LogCategory.Whisper,
  LogCategory.Transfer,
  LogCategory.Market,
  LogCategory.Level,
  LogCategory.Event,
  LogCategory.Account,
].map(option);

/** Guild log: All, Funds, Armory, Upgrade, Members, Rank Changes. */
export const GUILD_LOG_FILTERS: readonly LogFilterOption[] = [
  LogCategory.All,
  LogCategory.GuildFunds,
  LogCategory.GuildArmory,
  LogCategory.GuildUpgrade,
  LogCategory.GuildMembers,
  LogCategory.GuildRank,
].map(option);

export function logFilters(guild: boolean): readonly LogFilterOption[] {
  return guild ? GUILD_LOG_FILTERS : PLAYER_LOG_FILTERS;
}

/** The label of an entry's category ("" for unknown). */
export function categoryLabel(category: number): string {
  return LOG_CATEGORY_LABELS[category as LogCategory] ?? "";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "YYYY-MM-DD HH:MM:SS" in local time. */
export function logTime(timestamp: number): string {
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Tailwind classes of a category tag. */
export function categoryTone(category: number): string {
  switch (category) {
    case LogCategory.Level:
      return "border-gold/40 bg-gold/10 text-gold";
    case LogCategory.Whisper:
      return "border-[color-mix(in_oklab,var(--color-chan-whispers)_45%,transparent)] bg-[color-mix(in_oklab,var(--color-chan-whispers)_12%,transparent)] chan-whispers";
    case LogCategory.Transfer:
    case LogCategory.Market:
    case LogCategory.GuildFunds:
      return "border-success/40 bg-success/10 text-success";
    case LogCategory.Event:
      return "border-fire/40 bg-fire/10 text-fire";
    case LogCategory.Account:
      return "border-water/40 bg-water/10 text-water";
    default:
      return "border-edge-bright bg-night-700 text-ink-muted";
  }
}
