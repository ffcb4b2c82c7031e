import {
  ACTION_INTERVAL_MS,
  advantagedMagicType,
  applyBossDamage,
  type CombatStats,
  createRiftAttack,
  createRng,
  DEFAULT_BOSS_HEALTH,
  type EventWindow,
  firstBoss,
  LootId,
  nextElementalRift,
  nextRiftOfPower,
  type RiftBuffs,
  type Rng,
  reseedRng,
  riftAttack,
  riftBoss,
  riftBossBaseHealth,
  riftBuffs,
  riftEventPoints,
  SPEC_TIMING,
  seedFrom,
  sigilLevel,
  sigilPurchase,
  siphon,
} from "@manaspire/game";
import { milestone, refreshCompanions, SIM_SIGIL, type SimAccount } from "./account";
import { gain, type Ledger, spend } from "./ledger";
import { type PlayContext, statsAgainst } from "./play";
import type { Profile } from "./profiles";

const DAY_MS = 24 * 3_600_000;

/** Actions a participant spends in one event: its 10 minutes at one every 3 seconds (200). */
export const EVENT_ACTIONS = Math.floor(SPEC_TIMING.durationMs / ACTION_INTERVAL_MS);

/**
 * An Elemental Rift is resolved in this many slices (sampled runs): every participant attacks
 * the slice's boss, then the slice's damage is applied, so later slices meet later bosses.
 * Exact runs (sample 0) slice by action, the server's tick.
 */
export const RIFT_SLICES = 5;

export type EventKind = "elemental" | "power";

export interface ScheduledEvent {
  kind: EventKind;
  /** The event's number of its kind (1, 2, …), as the server's rows. */
  number: number;
  window: EventWindow;
}

/** One event as it ran: who joined and what it paid. */
export interface EventRun {
  kind: EventKind;
  number: number;
  day: number;
  participants: number;
  /** Elemental Rift: bosses defeated, damage dealt, Event Points paid in all. */
  bossesDefeated: number;
  damage: number;
  points: number;
  /** Rift of Power: successful siphons in all. */
  siphons: number;
}

/**
 * The world's events over `days` from the start (time 0), as the server's scheduler writes
 * them: Elemental Rifts every 3.5 hours from one period after the start (`nextElementalRift`),
 * Rifts of Power a seeded 3-6 hours after the last, moved out of the rifts' windows
 * (`nextRiftOfPower`, each scheduled when the last one ended). Sorted by start.
 */
export function eventSchedule(days: number, worldSeed: number): ScheduledEvent[] {
  const t = SPEC_TIMING;
  const end = days * DAY_MS;
  const out: ScheduledEvent[] = [];
  let rift = nextElementalRift(t, 0, undefined);
  const anchor = rift.queueAt;
  for (let n = 1; rift.startsAt < end; n++) {
    out.push({ kind: "elemental", number: n, window: rift });
    rift = nextElementalRift(t, rift.endsAt, rift.queueAt);
  }
  let previous: EventWindow | undefined;
  for (let n = 1; ; n++) {
    const now = previous?.endsAt ?? 0;
    const w = nextRiftOfPower(t, now, previous?.startsAt, anchor, worldSeed, n);
    if (!w || w.startsAt >= end) break;
    out.push({ kind: "power", number: n, window: w });
    previous = w;
  }
  return out.sort((a, b) => a.window.startsAt - b.window.startsAt);
}

/** The action load of the day an event falls in, for an account with `sessions` loads. */
function loadOf(startsAt: number, day: number, sessions: number): number {
  const slot = Math.floor(((startsAt - day * DAY_MS) * sessions) / DAY_MS);
  return Math.min(sessions - 1, Math.max(0, slot));
}

const NO_BUFFS: RiftBuffs = riftBuffs(0, 0, 0);
const attack = createRiftAttack();
const actionRng: Rng = createRng(0);

/**
 * The day's events, before the accounts' loads (their stats are the day's start's): every
 * account of an events profile joins each one, its actions come out of the load the event
 * falls in (`eventActions`), and it is paid as the server's scheduler pays.
 */
export function runEvents(
  ctx: PlayContext,
  accounts: readonly SimAccount[],
  profileOf: (a: SimAccount) => Profile,
  day: number,
  events: readonly ScheduledEvent[],
): EventRun[] {
  const runs: EventRun[] = [];
  const joined = accounts.filter((a) => profileOf(a).events);
  for (const a of joined) a.eventActions = [];
  if (joined.length === 0) return runs;
  for (const e of events) {
    if (Math.floor(e.window.startsAt / DAY_MS) !== day) continue;
    for (const a of joined) {
      const load = loadOf(e.window.startsAt, day, profileOf(a).sessions);
      a.eventActions[load] = (a.eventActions[load] ?? 0) + EVENT_ACTIONS;
    }
    runs.push(
      e.kind === "elemental"
        ? elementalRift(ctx, joined, e, day)
        : riftOfPower(ctx, joined, e.number, day),
    );
  }
  return runs;
}

/**
 * An Elemental Rift: everyone battles the shared boss (sized by the players joined,
 * `riftBossBaseHealth`) with `riftAttack`, the magic with the advantage, no buffs (nobody
 * gathers for them); damage past a boss goes on (`applyBossDamage`); Event Points at the end
 * (`riftEventPoints`), spent at once on the Growth sigil (`sigilPurchase`).
 */
function elementalRift(
  ctx: PlayContext,
  joined: readonly SimAccount[],
  e: ScheduledEvent,
  day: number,
): EventRun {
  const base = riftBossBaseHealth(joined.length, DEFAULT_BOSS_HEALTH);
  let boss = firstBoss(base);
  const exact = ctx.sample <= 0;
  const slices = exact ? EVENT_ACTIONS : Math.min(EVENT_ACTIONS, RIFT_SLICES);
  const perSlice = EVENT_ACTIONS / slices;
  const resolved = exact
    ? perSlice
    : Math.min(perSlice, Math.max(1, Math.ceil(ctx.sample / slices)));
  const factor = perSlice / resolved;
  const rows = joined.map((a) => ({ playerId: a.id, actions: 0, damage: 0, resources: 0 }));
  const cache: { element: number; stats: CombatStats | undefined }[] = joined.map(() => ({
    element: -1,
    stats: undefined,
  }));
  let total = 0;
  for (let s = 0; s < slices; s++) {
    const def = riftBoss(boss.bossNumber, base);
    const magic = advantagedMagicType(def.element);
    let damage = 0;
    joined.forEach((a, i) => {
      const cached = cache[i] as (typeof cache)[number];
      if (cached.stats === undefined || cached.element !== def.element) {
        cached.element = def.element;
        cached.stats = statsAgainst(a, def.element);
      }
      const mine = cached.stats;
      let d = 0;
      for (let k = 0; k < resolved; k++) {
        const rng = reseedRng(actionRng, seedFrom(a.id, a.actionCounter, ctx.worldSeed));
        a.actionCounter = Math.round(a.actionCounter + factor);
        d += riftAttack(mine, def, magic, NO_BUFFS, rng, attack).damageDone;
      }
      d *= factor;
      const row = rows[i] as (typeof rows)[number];
      row.actions += perSlice;
      row.damage += d;
      damage += d;
    });
    boss = applyBossDamage(boss, damage, base);
    total += damage;
  }
  const points = riftEventPoints(rows, boss.defeated, NO_BUFFS.wood);
  let paid = 0;
  for (const a of joined) {
    const n = points.get(a.id) ?? 0;
    paid += n;
    gain(ctx.ledger, a.wallet, { [LootId.EventPoints]: n }, "elemental rift");
    milestone(a, "first elemental rift", day);
    buySigil(ctx.ledger, a, day);
  }
  return {
    kind: "elemental",
    number: e.number,
    day,
    participants: joined.length,
    bossesDefeated: boss.defeated,
    damage: total,
    points: paid,
    siphons: 0,
  };
}

/**
 * A Rift of Power: everyone siphons all its actions (`siphon`, chance max(10, 100 − 10 ×
 * successes)%). Items are not simulated, so a success improves nothing here; it is counted
 * (`siphons`: an Orb of Power applied for free).
 */
function riftOfPower(
  ctx: PlayContext,
  joined: readonly SimAccount[],
  number: number,
  day: number,
): EventRun {
  let siphons = 0;
  for (const a of joined) {
    let successes = 0;
    for (let k = 0; k < EVENT_ACTIONS; k++) {
      const rng = reseedRng(actionRng, seedFrom(a.id, a.actionCounter, ctx.worldSeed));
      a.actionCounter++;
      if (siphon([], successes, rng).success) successes++;
    }
    a.siphons += successes;
    siphons += successes;
    milestone(a, "first rift of power", day);
  }
  return {
    kind: "power",
    number,
    day,
    participants: joined.length,
    bossesDefeated: 0,
    damage: 0,
    points: 0,
    siphons,
  };
}

/** Sigil policy: every Event Point goes into the Growth sigil's next levels while they are paid. */
function buySigil(ledger: Ledger, a: SimAccount, day: number): void {
  let changed = false;
  for (;;) {
    const r = sigilPurchase(SIM_SIGIL, a.sigilSpent, a.wallet[LootId.EventPoints] ?? 0);
    if (typeof r === "string") break;
    spend(ledger, a.wallet, r.cost, "sigil");
    a.sigilSpent = r.pointsSpent;
    changed = true;
  }
  if (!changed) return;
  refreshCompanions(a);
  const level = sigilLevel(a.sigilSpent);
  for (const m of [1, 5, 10]) if (level >= m) milestone(a, `sigil level ${m}`, day);
}
