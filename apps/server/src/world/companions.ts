import {
  ActionType,
  autoRenewal,
  displayName,
  extraEggChance,
  GATHER_XP_BASE,
  growActivePets,
  LootId,
  type Rng,
  tickPotions,
} from "@manaspire/game";
import type { Sessions } from "../socket/sessions";
import type { ActionReport } from "./battle-action";
import type { ColumnSet } from "./column-set";
import { companionCache, companionsChanged } from "./companion-effects";
import { petsMessage, potionsMessage } from "./companion-view";
import type { LoadedPlayer } from "./loaded-player";
import { grantLoot } from "./loot";
import { Col, markDirty } from "./player-columns";
import { playerMaxActions, rewardSums, skill, totalBoosts } from "./player-view";

/** What an action's potions and pets changed that the player's sockets must hear. */
export interface CompanionNews {
  potions: boolean;
  pets: boolean;
  toasts: string[] | null;
  /** Boosts of the potions that ran out with none on the belt to follow (the Potion push). */
  expired?: number[];
}

/** Scratch list for tickPotions (the world is single-threaded; copied when not empty). */
const ENDED: number[] = [];

/** What the player was before the action (the world reads it before acting). */
export interface BeforeAction {
  xp: number;
  kills: number;
}

/** One object for every action (the world is single-threaded; nothing keeps it). */
const beforeScratch: BeforeAction = { xp: 0, kills: 0 };

/** The player before its action; valid until the next call (the next action). */
export function beforeAction(p: LoadedPlayer): BeforeAction {
  beforeScratch.xp = p.battleXp + p.miningXp + p.fishingXp + p.woodcuttingXp;
  beforeScratch.kills = p.kills;
  return beforeScratch;
}

const XP_FIELDS = ["miningXp", "fishingXp", "woodcuttingXp"] as const;
const SKILL_KEYS = ["mining", "fishing", "woodcutting"] as const;
const GATHER_COLS = [Col.miningXp, Col.fishingXp, Col.woodcuttingXp] as const;
const FORAGE_REAGENT = [LootId.Lodestone, LootId.WhitePearl, LootId.Elderwood] as const;

/**
 * After one action (hot path: no closures, few allocations): active potions tick down (the
 * belt's next one starts on AutoConsume), a Renewal on AutoConsume is drunk when the actions
 * ran out, active pets gain the action's experience, and the egg, foraging and versatility
 * rolls are made with the action's rng. Changes go into the action's report (patch, result
 * loot, tracker). Returns null when the sockets need hear nothing beyond the report.
 */
export function companionsAfterAction(
  p: LoadedPlayer,
  report: ActionReport<unknown>,
  rng: Rng,
  now: number,
  before: BeforeAction,
  eggRate: number,
): CompanionNews | null {
  let news: CompanionNews | null = null;
  const potions = p.potions;
  if (potions.active.length > 0) {
    // The browser counts the ticks down itself on each action's frame; it hears the potions
    // again only when one ends or starts.
    ENDED.length = 0;
    if (tickPotions(potions, ENDED) !== 0) {
      companionsChanged(p);
      news = { potions: true, pets: false, toasts: null };
      if (ENDED.length > 0) news.expired = ENDED.slice();
    }
    markDirty(p, Col.potions);
  }
  if (p.actions === 0 && potions.belt.length > 0) {
    const gained = autoRenewal(potions, 0, totalBoosts(p));
    if (gained > 0) {
      p.actions = Math.min(playerMaxActions(p), gained);
      markDirty(p, Col.actions, Col.potions);
      report.patch.actions = p.actions;
      if (news) news.potions = true;
      else news = { potions: true, pets: false, toasts: null };
    }
  }

  // The active pets' bonuses, cached until the companions change (companion-effects.ts).
  const pets = p.pets.pets.length > 0 ? companionCache(p) : null;
  const bonuses = pets ? pets.actions : null;
  if (pets && bonuses) {
    const gained = p.battleXp + p.miningXp + p.fishingXp + p.woodcuttingXp - before.xp;
    if (gained > 0) {
      const levelled = growActivePets(p.pets, gained, pets.petXpMultiplier);
      if (levelled) {
        companionsChanged(p);
        news ??= { potions: false, pets: false, toasts: null };
        news.pets = true;
        news.toasts = levelUpToasts(p, levelled);
      }
      markDirty(p, Col.pets);
    }
  }

  const gathering = p.actionType !== ActionType.Battle;
  let extra: Record<number, number> | null = null;
  // A won battle's rare-drop table rolled the base egg already: without an Egg Drop pet or
  // an egg event there is nothing to roll (most battles).
  const petEgg = bonuses ? bonuses.eggChance : 0;
  if (gathering || petEgg > 0 || eggRate !== 1) {
    const eggChance = extraEggChance({
      source: gathering ? "gathering" : "battle",
      won: p.kills > before.kills,
      dropMultiplier: rewardSums(p).dropMultiplier,
      petChance: petEgg,
      worldRate: eggRate,
    });
    if (eggChance > 0 && rng.next() < eggChance) extra = { [LootId.Egg]: 1 };
  }
  if (gathering && bonuses) {
    const k = p.actionType - ActionType.Mining;
    if (bonuses.forageChance > 0 && rng.next() < bonuses.forageChance) {
      const pick = rng.int(4);
      const id = pick < 3 ? LootId.Sunpetal + pick : (FORAGE_REAGENT[k] as number);
      extra ??= {};
      extra[id] = (extra[id] ?? 0) + 1;
    }
    if (bonuses.versatility > 0) versatility(p, report, k, before, bonuses.versatility);
  }
  if (extra) {
    const watched = report.result !== undefined;
    const totals = grantLoot(p, extra, now, report.tracker, watched);
    if (watched) report.patch.loot = { ...report.patch.loot, ...totals };
    const loot = (report.result as { loot?: Record<number, number> } | undefined)?.loot;
    if (loot) for (const key in extra) loot[key] = (loot[key] ?? 0) + (extra[key] ?? 0);
  }
  return news;
}

/** Versatility: a share of the gathering action's experience to the other two skills. */
function versatility(
  p: LoadedPlayer,
  report: ActionReport<unknown>,
  k: number,
  before: BeforeAction,
  share: number,
): void {
  const gained = p.battleXp + p.miningXp + p.fishingXp + p.woodcuttingXp - before.xp;
  const give = Math.floor(gained * share);
  if (give <= 0) return;
  for (let i = 0; i < 3; i++) {
    if (i === k) continue;
    const field = XP_FIELDS[i] as (typeof XP_FIELDS)[number];
    p[field] += give;
    markDirty(p, GATHER_COLS[i] as ColumnSet);
    // The patch is sent only to a watched player (whose action has a result).
    if (report.result !== undefined) {
      report.patch[SKILL_KEYS[i] as (typeof SKILL_KEYS)[number]] = skill(GATHER_XP_BASE, p[field]);
    }
  }
}

function levelUpToasts(p: LoadedPlayer, types: readonly number[]): string[] {
  return types.map((type) => {
    const pet = p.pets.pets.find((x) => x.type === type);
    return pet ? `${displayName(pet)} reached level ${pet.level}!` : "";
  });
}

/** Tells the player's sockets (inside the action's batch) what the companions changed. */
export function sendCompanionNews(sessions: Sessions, p: LoadedPlayer, news: CompanionNews): void {
  if (news.potions) sessions.send(p.id, "potions", potionsMessage(p));
  if (news.pets) sessions.send(p.id, "pets", petsMessage(p));
  if (news.toasts) for (const text of news.toasts) sessions.send(p.id, "toast", { text });
}
