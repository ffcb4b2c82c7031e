import { lootById, sigilLevel } from "@manaspire/game";
import { fmt, pct } from "./format";
import { PROFILES, type ProfileId } from "./profiles";
import type { WorldResult } from "./world";

export interface LootSummary {
  lootId: number;
  name: string;
  /** Total over the run, by source or sink name. */
  sources: Record<string, number>;
  sinks: Record<string, number>;
  created: number;
  destroyed: number;
  /** Units held at the end of each day. */
  supply: number[];
  /** Mean daily growth of the supply over the run's second half, a fraction. */
  growth: number;
  /** Days on which the supply grew by more than the sinks destroyed (created > 2 × destroyed). */
  inflationDays: number;
}

export interface PriceSeries {
  lootId: number;
  name: string;
  /** Day's last trade price (null: no trade that day). */
  price: (number | null)[];
  volume: number[];
}

export interface ProfileSeries {
  profile: ProfileId;
  label: string;
  accounts: number;
  /** Medians per day. */
  power: number[];
  wealth: number[];
  battleLevel: number[];
  gatherLevel: number[];
  /** Milestone -> median day reached (null: under half reached it) and share reached. */
  milestones: Record<string, { day: number | null; share: number }>;
}

export interface Percentiles {
  p10: number;
  p50: number;
  p90: number;
}

export interface Finding {
  kind: "profile" | "inflation" | "no sink" | "price";
  text: string;
}

/** The events of one kind over the run. */
export interface EventSummary {
  name: string;
  held: number;
  /** Median participants of an event. */
  participants: number;
  /** Elemental Rift: bosses defeated per rift (percentiles). */
  bosses: Percentiles;
  /** Median Event Points a participant earned in one rift. */
  pointsEach: number;
  /** Median successful siphons of a participant in one Rift of Power. */
  siphonsEach: number;
}

export interface Report {
  events: EventSummary[];
  /** Median Growth sigil level of the event regulars on the last day. */
  sigilLevel: number;
  /** Epic or better items dropped and kept (the rest was disenchanted), all accounts. */
  itemsKept: number;
  loot: LootSummary[];
  prices: PriceSeries[];
  profiles: ProfileSeries[];
  /** skill -> day -> percentiles over the accounts that use it. */
  levels: Record<string, Percentiles[]>;
  findings: Finding[];
}

export function lootName(id: number): string {
  return lootById(id)?.name ?? `Loot ${id}`;
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  return ((s[Math.floor(mid)] as number) + (s[Math.ceil(mid)] as number)) / 2;
}

function percentiles(xs: number[]): Percentiles {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => (s.length === 0 ? 0 : (s[Math.floor(q * (s.length - 1))] as number));
  return { p10: at(0.1), p50: at(0.5), p90: at(0.9) };
}

/** Builds the report's figures and the imbalance checks from a finished world. */
export function buildReport(w: WorldResult): Report {
  const days = w.daily.length;
  const loot: LootSummary[] = [];
  for (const id of w.ledger.lootIds()) {
    const sources: Record<string, number> = {};
    const sinks: Record<string, number> = {};
    let inflationDays = 0;
    for (let d = 0; d < days; d++) {
      let created = 0;
      let destroyed = 0;
      for (const [name, v] of w.ledger.byLoot(d).get(id) ?? []) {
        if (v > 0) {
          sources[name] = (sources[name] ?? 0) + v;
          created += v;
        } else if (v < 0) {
          sinks[name] = (sinks[name] ?? 0) - v;
          destroyed -= v;
        }
      }
      if (created - destroyed > destroyed) inflationDays++;
    }
    const supply = w.supply.map((m) => m.get(id) ?? 0);
    const half = Math.floor(days / 2);
    const from = supply[half] ?? 0;
    const to = supply[days - 1] ?? 0;
    const growth =
      from > 0 && to > 0 && days - 1 > half ? (to / from) ** (1 / (days - 1 - half)) - 1 : 0;
    loot.push({
      lootId: id,
      name: lootName(id),
      sources,
      sinks,
      created: Object.values(sources).reduce((s, v) => s + v, 0),
      destroyed: Object.values(sinks).reduce((s, v) => s + v, 0),
      supply,
      growth,
      inflationDays,
    });
  }

  const prices: PriceSeries[] = [];
  const traded = new Set<number>();
  for (const d of w.market.days) for (const id of d?.keys() ?? []) traded.add(id);
  for (const id of [...traded].sort((a, b) => a - b)) {
    const price: (number | null)[] = [];
    const volume: number[] = [];
    for (let d = 0; d < days; d++) {
      const t = w.market.days[d]?.get(id);
      price.push(t && t.volume > 0 ? Math.round(t.dust / t.volume) : null);
      volume.push(t?.volume ?? 0);
    }
    prices.push({ lootId: id, name: lootName(id), price, volume });
  }

  const profiles: ProfileSeries[] = [];
  for (const p of PROFILES) {
    const idx = w.accounts.flatMap((a, i) => (a.profile === p.id ? [i] : []));
    if (idx.length === 0) continue;
    const series = (f: (d: number, i: number) => number) =>
      w.daily.map((_, d) => median(idx.map((i) => f(d, i))));
    const names = new Set<string>();
    for (const i of idx) for (const k of Object.keys(w.accounts[i]!.milestones)) names.add(k);
    const milestones: ProfileSeries["milestones"] = {};
    for (const name of [...names].sort()) {
      const reached = idx
        .map((i) => w.accounts[i]!.milestones[name])
        .filter((x) => x !== undefined);
      const share = reached.length / idx.length;
      milestones[name] = { day: share >= 0.5 ? median(reached as number[]) : null, share };
    }
    profiles.push({
      profile: p.id,
      label: p.label,
      accounts: idx.length,
      power: series((d, i) => w.daily[d]![i]!.power),
      wealth: series((d, i) => w.daily[d]![i]!.wealth),
      battleLevel: series((d, i) => w.daily[d]![i]!.battleLevel),
      gatherLevel: series((d, i) => Math.max(...w.daily[d]![i]!.gatherLevels)),
      milestones,
    });
  }

  const levels: Record<string, Percentiles[]> = {
    battle: [],
    mining: [],
    fishing: [],
    woodcutting: [],
  };
  const fighters = w.accounts.flatMap((a, i) => (a.profile !== "gatherer" ? [i] : []));
  const gatherers = w.accounts.flatMap((a, i) => (a.profile === "gatherer" ? [i] : []));
  for (let d = 0; d < days; d++) {
    const day = w.daily[d]!;
    levels.battle!.push(percentiles(fighters.map((i) => day[i]!.battleLevel)));
    ["mining", "fishing", "woodcutting"].forEach((skill, k) => {
      levels[skill]!.push(percentiles(gatherers.map((i) => day[i]!.gatherLevels[k]!)));
    });
  }

  const events: EventSummary[] = [];
  for (const [kind, name] of [
    ["elemental", "Elemental Rift"],
    ["power", "Rift of Power"],
  ] as const) {
    const runs = w.events.filter((e) => e.kind === kind && e.participants > 0);
    if (runs.length === 0) continue;
    events.push({
      name,
      held: runs.length,
      participants: median(runs.map((e) => e.participants)),
      bosses: percentiles(runs.map((e) => e.bossesDefeated)),
      pointsEach: median(runs.map((e) => e.points / e.participants)),
      siphonsEach: median(runs.map((e) => e.siphons / e.participants)),
    });
  }
  const regulars = w.accounts.filter((a) => PROFILES.find((p) => p.id === a.profile)?.events);
  return {
    events,
    sigilLevel: median(regulars.map((a) => sigilLevel(a.sigilSpent))),
    itemsKept: w.accounts.reduce((s, a) => s + a.itemsKept, 0),
    loot,
    prices,
    profiles,
    levels,
    findings: findImbalances(loot, prices, profiles),
  };
}

/** The checks of issue 29: a dominant profile, inflation, a resource with no sink, a price that never settles. */
export function findImbalances(
  loot: readonly LootSummary[],
  prices: readonly PriceSeries[],
  profiles: readonly ProfileSeries[],
): Finding[] {
  const out: Finding[] = [];
  const end = (xs: number[]) => xs[xs.length - 1] ?? 0;
  for (const metric of ["power", "wealth"] as const) {
    const pool = profiles.filter((p) => metric === "wealth" || p.profile !== "gatherer");
    for (const p of pool) {
      const others = median(pool.filter((o) => o !== p).map((o) => end(o[metric])));
      const mine = end(p[metric]);
      if (others > 0 && mine > 2 * others) {
        out.push({
          kind: "profile",
          text: `${p.label} ends with ${metric} ${fmt(mine)}, ${(mine / others).toFixed(1)}× the median of the other profiles (${fmt(others)}).`,
        });
      }
    }
  }
  for (const l of loot) {
    const days = l.supply.length;
    if (l.created > 0 && l.destroyed === 0) {
      out.push({
        kind: "no sink",
        text: `${l.name}: ${fmt(l.created)} created, nothing destroys it.`,
      });
    } else if (days > 1 && l.inflationDays === days && l.created > 0) {
      out.push({
        kind: "inflation",
        text: `${l.name}: on all ${days} days the supply grew by more than the sinks destroyed (sinks took ${pct(l.destroyed / l.created)} of what was created); supply grows ${pct(l.growth)} a day at the end.`,
      });
    }
  }
  for (const p of prices) {
    const seen = p.price.filter((x): x is number => x !== null);
    const tail = seen.slice(-Math.max(3, Math.floor(seen.length / 3)));
    if (tail.length < 3) continue;
    const mean = tail.reduce((s, v) => s + v, 0) / tail.length;
    const sd = Math.sqrt(tail.reduce((s, v) => s + (v - mean) ** 2, 0) / tail.length);
    let rising = 0;
    let falling = 0;
    for (let i = 1; i < tail.length; i++) {
      if (tail[i]! > tail[i - 1]!) rising++;
      else if (tail[i]! < tail[i - 1]!) falling++;
    }
    const monotonic = rising === tail.length - 1 || falling === tail.length - 1;
    if (sd / mean > 0.15 || monotonic) {
      out.push({
        kind: "price",
        text: `${p.name}: price does not settle (last ${tail.length} trading days ${fmt(tail[0]!)} → ${fmt(tail[tail.length - 1]!)}, ${monotonic ? `${rising ? "rising" : "falling"} every day` : `spread ${pct(sd / mean)}`}).`,
      });
    }
  }
  return out;
}
