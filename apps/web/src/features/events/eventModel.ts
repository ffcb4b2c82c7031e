import {
  ActionType,
  BUFF_BONUS_PER_LEVEL,
  buffAmountFor,
  buffLevel,
  RiftType,
  siphonChance,
} from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";

type EventPlayerRow = ServerPayload<"eventPlayers">["rows"][number];

import type { EventsState } from "../../store/slices/events";

/** The spec's event player table: 50 rows a page, sorted by TotalDamage, highest first. */
export const PLAYERS_PER_PAGE = 50;

export type EventStateView = NonNullable<EventsState["state"]>;

/** Ticks left in the event's phase now (counted down between the server's messages). */
export function ticksLeft(state: EventStateView | null, now: number): number {
  if (!state || state.phaseEndsAt <= 0) return 0;
  const left = state.phaseEndsAt - (now + state.offsetMs);
  return left <= 0 ? 0 : Math.ceil(left / Math.max(1, state.tickMs));
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
}

/** The event banner of the status panel; null between events. */
export function eventBanner(state: EventStateView | null, now: number): string | null {
  if (!state || state.eventType === RiftType.None) return null;
  const ticks = ticksLeft(state, now);
  if (state.eventType === RiftType.ElementalRift) {
    if (!state.started) return `Elemental Rift starting in ${plural(ticks, "tick")}`;
    return ticks > 0 ? `Elemental Rift: ${plural(ticks, "tick")} left` : "Elemental Rift ending";
  }
  return ticks > 0 ? `Rift of Power: ${plural(ticks, "tick")} left` : "Rift of Power ending";
}

/**
 * What the main view shows (spec 000 "Main view"): a player who joined an event that runs
 * (not in a queue) sees the siphon view in a Rift of Power and the event view in an Elemental
 * Rift; everyone else their battle or gathering.
 */
export function mainEventView(state: EventStateView | null): "rift" | "siphon" | null {
  if (!state?.joined || !state.started || state.phaseEndsAt <= 0) return null;
  if (state.eventType === RiftType.ElementalRift) return "rift";
  if (state.eventType === RiftType.RiftOfPower && state.siphoning) return "siphon";
  return null;
}

/**
 * Whether the running Elemental Rift's view offers "Join the Elemental Rift": only while it
 * runs (an ended rift being paid has no phase end) and to a player not in it.
 */
export function offersRiftJoin(state: EventStateView | null): boolean {
  return (
    state !== null &&
    !state.joined &&
    state.eventType === RiftType.ElementalRift &&
    state.started &&
    state.phaseEndsAt > 0
  );
}

/** "in 2 h 15 min", "in 45 s", "now". */
export function untilText(at: number, now: number): string {
  const ms = at - now;
  if (ms <= 0) return "now";
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `in ${s} s`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `in ${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 === 0 ? `in ${h} h` : `in ${h} h ${m % 60} min`;
}

export type PlayerSortKey = "name" | "actions" | "totalDamage" | "totalResources" | "eventPoints";

/** The rows sorted (default: TotalDamage, highest first); ties keep the server's order. */
export function sortPlayers(
  rows: readonly EventPlayerRow[],
  key: PlayerSortKey = "totalDamage",
  descending = true,
): EventPlayerRow[] {
  const value = (r: EventPlayerRow): number | string =>
    key === "name" ? r.name.toLowerCase() : key === "eventPoints" ? (r.eventPoints ?? -1) : r[key];
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      const x = value(a.r);
      const y = value(b.r);
      const c = x < y ? -1 : x > y ? 1 : 0;
      return (descending ? -c : c) || a.i - b.i;
    })
    .map((x) => x.r);
}

/** One page of the table (pages from 0) and the number of pages (at least 1). */
export function pageOf<T>(rows: readonly T[], page: number): { rows: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / PLAYERS_PER_PAGE));
  const p = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  return { rows: rows.slice(p * PLAYERS_PER_PAGE, (p + 1) * PLAYERS_PER_PAGE), pages };
}

export interface BuffView {
  key: "iron" | "fish" | "wood";
  name: string;
  effect: string;
  amount: number;
  level: number;
  /** Resources the next level needs in all. */
  next: number;
  /** Progress from this level to the next (0..1). */
  progress: number;
}

const BUFFS = [
  { key: "iron", name: "Iron: Sharpened Spells", effect: "damage to the boss" },
  { key: "fish", name: "Fish: Tidal Veil", effect: "less boss ward" },
  { key: "wood", name: "Wood: Kindled Spoils", effect: "Event Points" },
] as const;

/** The three event buffs from the rift's iron, fish and wood (spec: level floor(sqrt(x/1000))). */
export function buffViews(rift: { iron: number; fish: number; wood: number }): BuffView[] {
  return BUFFS.map((b) => {
    const amount = rift[b.key];
    const level = buffLevel(amount);
    const from = buffAmountFor(level);
    const next = buffAmountFor(level + 1);
    return {
      ...b,
      effect: `+${Math.round(level * BUFF_BONUS_PER_LEVEL * 100)}% ${b.effect}`,
      amount,
      level,
      next,
      progress: (amount - from) / (next - from),
    };
  });
}

export const RIFT_ACTIONS = [
  { actionType: ActionType.Battle, label: "Battle" },
  { actionType: ActionType.Mining, label: "Mine" },
  { actionType: ActionType.Fishing, label: "Fish" },
  { actionType: ActionType.Woodcutting, label: "Woodcut" },
] as const;

/** The contribution line under the boss. */
export function contribution(rift: {
  actionType: number;
  playerDamage: number;
  resources: number;
  totalDamage: number;
}): string {
  if (rift.playerDamage <= 0 && rift.resources <= 0) return "You have not contributed yet.";
  const parts: string[] = [];
  if (rift.playerDamage > 0) {
    const share = rift.totalDamage > 0 ? (100 * rift.playerDamage) / rift.totalDamage : 0;
    parts.push(
      `${Math.round(rift.playerDamage).toLocaleString("en-US")} damage (${share.toFixed(1)}% of all)`,
    );
  }
  if (rift.resources > 0) {
    parts.push(`${Math.round(rift.resources).toLocaleString("en-US")} resources`);
  }
  return `Your contribution: ${parts.join(" and ")}.`;
}

/** The siphon chance of the next action, as the spec states it. */
export function nextSiphonChance(successes: number): number {
  return siphonChance(successes);
}
