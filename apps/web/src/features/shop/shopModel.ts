import {
  ascensionOf,
  hasQoL,
  LootId,
  NAME_MAX,
  nextTitle,
  normalizeTitleColor,
  QOL_COST,
  qolExpiringSoon,
  TITLE_COLOR_MIN_ASCENSION,
  USERNAME_CHANGE_COST,
  validateNewPlayerName,
} from "@manaspire/game";

/** How long the Checkout button waits for the server before it may be pressed again. */
export const CHECKOUT_WAIT_MS = 20_000;

/** Spec 001 section 4: disabled while a checkout is in progress or the waiver is unticked. */
export function checkoutDisabled(opts: { pending: boolean; waiver: boolean }): boolean {
  return opts.pending || !opts.waiver;
}

/** Whether a checkout started at `since` (0: none) still waits for the server at `now`. */
export function checkoutPending(since: number, now: number): boolean {
  return since > 0 && now - since < CHECKOUT_WAIT_MS;
}

/** The player's Crystallized Mana. */
export function crystallizedOf(loot: Readonly<Record<number, number>>): number {
  return Math.floor(loot[LootId.CrystallizedMana] ?? 0);
}

/** The titles card's Unlock: the next title, its cost, and whether it is disabled. */
export function unlockState(boosts: Readonly<Record<number, number>>, crystallized: number) {
  const next = nextTitle(ascensionOf(boosts));
  return next ? { ...next, disabled: crystallized < next.cost } : null;
}

/** Whether the colour picker shows (spec: an Ascension boost of 50 or more). */
export function mayColorTitle(boosts: Readonly<Record<number, number>>): boolean {
  return ascensionOf(boosts) >= TITLE_COLOR_MIN_ASCENSION;
}

/** Spec: Save disabled while neither title nor colour changed. */
export function titleSaveDisabled(
  saved: { title: string; color: string },
  chosen: { title: string; color: string },
): boolean {
  const color = chosen.title === "" ? "" : (normalizeTitleColor(chosen.color) ?? chosen.color);
  return saved.title === chosen.title && (saved.color || "") === color;
}

/** The Quality of Life button: Purchase or Extend by whether active; disabled under 5. */
export function qolButton(qolEnd: number, crystallized: number, now: number) {
  const active = hasQoL(qolEnd, now);
  return {
    active,
    label: active ? "Extend" : "Purchase",
    disabled: crystallized < QOL_COST,
    expiring: qolExpiringSoon(qolEnd, now),
  };
}

/** "3 days 4 hours" left until `end` (minutes under an hour). */
export function timeLeft(end: number, now: number): string {
  const ms = Math.max(0, end - now);
  const days = Math.floor(ms / 86_400_000);
  const hours = Math.floor((ms % 86_400_000) / 3_600_000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (days > 0)
    return hours > 0 ? `${plural(days, "day")} ${plural(hours, "hour")}` : plural(days, "day");
  if (hours > 0) return plural(hours, "hour");
  return plural(Math.max(1, Math.ceil(ms / 60_000)), "minute");
}

/** The username card: the first rule the name breaks (shown once typed), and whether it may go. */
export function usernameState(name: string, current: string, crystallized: number) {
  const trimmed = name.trim().slice(0, NAME_MAX);
  const error = trimmed === "" ? null : validateNewPlayerName(trimmed);
  const same = trimmed.toLowerCase() === current.toLowerCase() && trimmed === current;
  return {
    name: trimmed,
    error,
    disabled: trimmed === "" || error !== null || same || crystallized < USERNAME_CHANGE_COST,
  };
}
