import {
  ACTION_INTERVAL_MS,
  autoRenewal,
  createRng,
  GATHER_XP_BASE,
  GUILD_XP_BASE,
  type GuildEffects,
  guildEffects,
  LootId,
  levelFromExperience,
  MarketSide,
  maxActions,
  merchantReceived,
  type Rng,
  reseedRng,
  seedFrom,
} from "@manaspire/game";
import { newAccount, type SimAccount } from "./account";
import { type EventRun, eventSchedule, runEvents } from "./events";
import { addTo, gain, Ledger, spend, type Wallet } from "./ledger";
import { Market } from "./market";
import {
  battleBatch,
  battleLevelOf,
  chooseEnemy,
  gatherBatch,
  gatherLevelOf,
  type PlayContext,
} from "./play";
import { GATHER_ACTIONS, PROFILES, type Profile, type ProfileId, profileById } from "./profiles";
import {
  brew,
  brewRenewal,
  buyResearch,
  drinkForLoad,
  endLoad,
  guildUpgrades,
  HOUR_MS,
  premiumDay,
  runDungeons,
  tendFarm,
  tendPets,
} from "./spending";

/** Actions one account can take in a day at one every 3 seconds (28,800). */
export const ACTIONS_PER_DAY = (24 * HOUR_MS) / ACTION_INTERVAL_MS;

export interface WorldOptions {
  accounts: number;
  days: number;
  seed: number;
  /** Actions resolved per action load (0: all of them, as the server does). */
  sample: number;
  /** Accounts per guild (guild members only). */
  guildSize: number;
  /** Guild tax rates, loot id -> percent. */
  taxRates: Record<number, number>;
  /** Force one profile for every account (tests). */
  profile?: ProfileId;
}

export const DEFAULT_OPTIONS: WorldOptions = {
  accounts: 1000,
  days: 30,
  seed: 1,
  sample: 40,
  guildSize: 10,
  taxRates: { [LootId.ManaDust]: 10, [LootId.ElementalShards]: 10 },
};

/** One account at the end of a day. */
export interface AccountDay {
  battleLevel: number;
  gatherLevels: [number, number, number];
  highestEnemy: number;
  /** Mana dust plus every tradeable unit valued at the day's market price. */
  wealth: number;
  /** Battle power: the hardest enemy level it beats (its enemy policy's choice). */
  power: number;
}

export interface Guild {
  members: number[];
  funds: Wallet;
  upgrades: Record<number, number>;
  firstUpgradeDay: number;
}

export interface WorldResult {
  options: WorldOptions;
  accounts: SimAccount[];
  ledger: Ledger;
  market: Market;
  guilds: Guild[];
  /** day -> account index -> snapshot. */
  daily: AccountDay[][];
  /** day -> loot id -> units held by all holders at the end of the day. */
  supply: Map<number, number>[];
  /** Every Elemental Rift and Rift of Power of the run, as it ran. */
  events: EventRun[];
  cpuMs: number;
}

/** Assigns profiles by share, deterministically (the largest remainder first). */
export function assignProfiles(n: number, only?: ProfileId): ProfileId[] {
  if (only) return Array.from({ length: n }, () => only);
  const out: ProfileId[] = [];
  const counts = PROFILES.map((p) => Math.floor(p.share * n));
  let left = n - counts.reduce((s, c) => s + c, 0);
  const byRemainder = PROFILES.map((p, i) => ({
    i,
    r: p.share * n - Math.floor(p.share * n),
  })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k++, left--) {
    const i = byRemainder[k % byRemainder.length]!.i;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  // Interleaved so that any prefix of the world has every profile: each place goes to the
  // profile furthest behind its share (ties to the earlier profile).
  const given = PROFILES.map(() => 0);
  for (let k = 0; k < n; k++) {
    let best = -1;
    let behind = Number.NEGATIVE_INFINITY;
    PROFILES.forEach((_, i) => {
      const want = counts[i] ?? 0;
      if ((given[i] ?? 0) >= want) return;
      const d = (want * (k + 1)) / n - (given[i] ?? 0);
      if (d > behind) {
        behind = d;
        best = i;
      }
    });
    given[best] = (given[best] ?? 0) + 1;
    out.push(PROFILES[best]!.id);
  }
  return out;
}

function holdings(result: { accounts: SimAccount[]; guilds: Guild[]; market: Market }) {
  const total = new Map<number, number>();
  const add = (w: Wallet) => {
    for (const k in w) total.set(Number(k), (total.get(Number(k)) ?? 0) + (w[k] ?? 0));
  };
  for (const a of result.accounts) add(a.wallet);
  for (const g of result.guilds) add(g.funds);
  add(result.market.escrow);
  return total;
}

/** Runs the world: every account plays its profile's day, then trades, day after day. */
export function runWorld(partial: Partial<WorldOptions> = {}): WorldResult {
  const options: WorldOptions = { ...DEFAULT_OPTIONS, ...partial };
  if (!Number.isInteger(options.accounts) || options.accounts < 1) {
    throw new RangeError("accounts must be a whole number of at least 1");
  }
  if (!Number.isInteger(options.days) || options.days < 1) {
    throw new RangeError("days must be a whole number of at least 1");
  }
  const started = process.cpuUsage();
  const ledger = new Ledger();
  const market = new Market();
  const rng: Rng = createRng(options.seed);
  const ids = assignProfiles(options.accounts, options.profile);
  const accounts = ids.map((p, i) =>
    newAccount(i + 1, p, profileById(p).farm, profileById(p).dungeon),
  );
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const guilds: Guild[] = [];
  for (const a of accounts) {
    if (!profileById(a.profile).guild) continue;
    let g = guilds[guilds.length - 1];
    if (!g || g.members.length >= options.guildSize) {
      g = { members: [], funds: {}, upgrades: {}, firstUpgradeDay: -1 };
      guilds.push(g);
    }
    a.guild = guilds.length - 1;
    g.members.push(a.id);
  }
  const ctx: PlayContext = {
    worldSeed: options.seed,
    ledger,
    day: 0,
    sample: options.sample,
    guildFunds: guilds.map((g) => g.funds),
    taxRates: options.taxRates,
    guildXp: guilds.map(() => 0),
  };
  const daily: AccountDay[][] = [];
  const supply: Map<number, number>[] = [];
  const lastPrice = new Map<number, number>();
  const effects: GuildEffects[] = guilds.map(() => guildEffects({}, 0));
  const schedule = eventSchedule(options.days, options.seed);
  const events: EventRun[] = [];

  for (let day = 0; day < options.days; day++) {
    ctx.day = day;
    ledger.day = day;
    for (const a of accounts) if (a.guild >= 0) a.guildEffects = effects[a.guild];
    events.push(...runEvents(ctx, accounts, (a) => profileById(a.profile), day, schedule));
    for (const a of accounts) playDay(ctx, a, profileById(a.profile), day, rng);
    // Guilds spend their funds.
    guilds.forEach((g, i) => {
      const level = levelFromExperience(GUILD_XP_BASE, ctx.guildXp[i] ?? 0);
      if (guildUpgrades(ledger, g.funds, g.upgrades) > 0 && g.firstUpgradeDay < 0) {
        g.firstUpgradeDay = day;
        for (const id of g.members) byId.get(id)!.milestones["first guild upgrade"] ??= day;
      }
      effects[i] = guildEffects(g.upgrades, level);
    });
    // The market: every account, in a shuffled order, cancels yesterday's orders and trades.
    const order = shuffled(accounts.length, reseedRng(rng, seedFrom(options.seed, day, 7)));
    for (const k of order) trade(market, day, accounts[k] as SimAccount, byId);
    supply.push(holdings({ accounts, guilds, market }));
    for (const [id, t] of market.days[day] ?? []) if (t.volume > 0) lastPrice.set(id, t.last);
    daily.push(accounts.map((a) => snapshot(a, lastPrice)));
  }
  const cpu = process.cpuUsage(started);
  return {
    options,
    accounts,
    ledger,
    market,
    guilds,
    daily,
    supply,
    events,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

function shuffled(n: number, rng: Rng): number[] {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [a[i], a[j]] = [a[j] as number, a[i] as number];
  }
  return a;
}

/** A day of one account: its action loads spread over the day, then its spending. */
function playDay(ctx: PlayContext, a: SimAccount, profile: Profile, day: number, rng: Rng) {
  const dayMs = day * 24 * HOUR_MS;
  for (let s = 0; s < profile.sessions; s++) {
    const now = dayMs + Math.floor(((s + 0.5) * 24 * HOUR_MS) / profile.sessions);
    const sq = a.guildEffects ? Math.round(a.guildEffects.maxActions * 100) : 0;
    // A load is the max actions, but no more than the actions that fit before the next load.
    // Events the account joined in this load's time took their actions first (events.ts).
    const max = maxActions(a.boosts, sq);
    const events = a.eventActions[s] ?? 0;
    const n = Math.max(0, Math.min(max, Math.floor(ACTIONS_PER_DAY / profile.sessions)) - events);
    // Actions that still fit before the next load (a Renewal's, when it has them).
    const slot = Math.floor(ACTIONS_PER_DAY / profile.sessions) - events;
    if (profile.farm) {
      tendFarm(ctx.ledger, a, now, reseedRng(rng, seedFrom(a.id, day, s, 3)));
      merchantHerbs(ctx.ledger, a);
      brewRenewal(ctx.ledger, a);
      brew(ctx.ledger, a);
      drinkForLoad(a);
    }
    if (profile.action === "battle") {
      chooseEnemy(a);
      battleBatch(ctx, a, n);
      runDungeons(ctx.ledger, a, n, reseedRng(rng, seedFrom(a.id, day, s, 5)), day);
    } else {
      let action: (typeof GATHER_ACTIONS)[number] = GATHER_ACTIONS[0];
      for (const g of GATHER_ACTIONS)
        if (gatherLevelOf(a, g) < gatherLevelOf(a, action)) action = g;
      gatherBatch(ctx, a, action, n);
    }
    endLoad(a);
    if (profile.farm && profile.action === "battle") renewed(ctx, a, slot - n, max);
    tendPets(ctx.ledger, a, profile, day);
    buyResearch(ctx.ledger, a, profile, day);
  }
  premiumDay(ctx.ledger, a, profile, day);
  buyResearch(ctx.ledger, a, profile, day);
}

/**
 * When the load's actions ran out before the next load, the belt's Renewal (AutoConsume) gives
 * more (`autoRenewal`, at most max actions, as the server's tick), battled at once, while time
 * is left. The Wisdom potion of the load is over by then (counted as ended).
 */
function renewed(ctx: PlayContext, a: SimAccount, room: number, max: number): void {
  let left = room;
  while (left > 0) {
    const gained = Math.min(max, autoRenewal(a.potions, 0, a.boosts));
    if (gained <= 0) break;
    const k = Math.min(gained, left);
    chooseEnemy(a);
    battleBatch(ctx, a, k);
    left -= k;
  }
}

/** The brewer swaps Bloomwell for Sageroot at the merchant (its real rate) before brewing. */
function merchantHerbs(ledger: Ledger, a: SimAccount): void {
  const bloom = a.wallet[LootId.Bloomwell] ?? 0;
  if (bloom < 5) return;
  const received = merchantReceived(bloom, a.boosts[109] ?? 0);
  spend(ledger, a.wallet, [{ lootId: LootId.Bloomwell, amount: bloom }], "merchant");
  gain(ledger, a.wallet, { [LootId.Sageroot]: received }, "merchant");
}

function trade(market: Market, day: number, a: SimAccount, byId: Map<number, SimAccount>) {
  const profile = profileById(a.profile);
  market.cancelAll(a);
  for (const id of profile.sells) {
    const have = a.wallet[id] ?? 0;
    if (have > 0) market.order(day, a, byId, MarketSide.Sell, id, have);
  }
  if (profile.buys.length === 0) return;
  const dust = Math.max(0, a.wallet[LootId.ManaDust] ?? 0);
  const each = (dust * profile.buyBudget) / profile.buys.length;
  for (const id of profile.buys) {
    const price = market.belief(a, id);
    const qty = Math.floor(each / price);
    if (qty > 0) market.order(day, a, byId, MarketSide.Buy, id, qty);
  }
}

function snapshot(a: SimAccount, prices: ReadonlyMap<number, number>): AccountDay {
  let wealth = a.wallet[LootId.ManaDust] ?? 0;
  for (const k in a.wallet) {
    const id = Number(k);
    const price = prices.get(id) ?? 0;
    if (id !== LootId.ManaDust) wealth += (a.wallet[id] ?? 0) * price;
  }
  return {
    battleLevel: battleLevelOf(a),
    gatherLevels: [
      levelFromExperience(GATHER_XP_BASE, a.gatherXp[2] ?? 0),
      levelFromExperience(GATHER_XP_BASE, a.gatherXp[3] ?? 0),
      levelFromExperience(GATHER_XP_BASE, a.gatherXp[4] ?? 0),
    ],
    highestEnemy: a.highestEnemy,
    wealth,
    power: a.profile === "gatherer" ? 0 : a.enemyLevel,
  };
}

export { addTo };
