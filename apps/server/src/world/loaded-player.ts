import type { DungeonState, PetState, PotionState } from "@manaspire/game";
import type { PlayerRow } from "../db/schema";
import type { AwayMark } from "../services/away-mark";
import type { DirtyMask } from "./column-set";
import { readPets, readPotions } from "./companion-state";
import { readDungeon } from "./dungeon-state";
import { type OwnedItem, PlayerInventory } from "./inventory";
import {
  type DerivedCache,
  emptyDerived,
  emptyTracker,
  type MemberGuild,
  type TrackerChanges,
} from "./loaded-player-parts";
import { COLUMNS, type ColumnKey, cleanMask } from "./player-columns";
import { type EventShare, type PlayerEvent, readPlayerEvent } from "./player-event";

/**
 * The parts' columns whose JSON the loader reads into shapes of their own (below); every other
 * column (numbers, text) a loaded player holds as its row has it, under the same key.
 */
type ReadColumn =
  | "boosts"
  | "loot"
  | "taxes"
  | "preferences"
  | "sigil"
  | "potions"
  | "pets"
  | "dungeon"
  | "away"
  | "event";
export type PlainColumn = Exclude<ColumnKey, ReadColumn>;
const READ_COLUMNS: ReadonlySet<string> = new Set<ReadColumn>([
  "boosts",
  "loot",
  "taxes",
  "preferences",
  "sigil",
  "potions",
  "pets",
  "dungeon",
  "away",
  "event",
]);
/** The plain columns: copied from the row as they are (a new counter needs nothing here). */
const PLAIN_COLUMNS = COLUMNS.map((c) => c.key).filter(
  (k): k is PlainColumn => !READ_COLUMNS.has(k),
);

/**
 * A player held in memory by the world. Its single writer is the world's event loop;
 * the player store copies it to the database in batches when `dirty` is set. Its saved
 * state is its parts' columns (db/schema/players.ts `PLAYER_PARTS`).
 */
export interface LoadedPlayer extends Pick<PlayerRow, PlainColumn> {
  id: number;
  accountId: number;
  name: string;
  guest: boolean;
  /** The account is banned: its sockets are refused and closed (it stays saved). */
  banned: boolean;
  role: number;
  boosts: Record<number, number>;
  loot: Record<number, number>;
  /** The personal guild tax (loot id to percent), spec 001 section 6. */
  taxes: Record<number, number>;
  preferences: Record<string, unknown>;
  /** The loot tracker entries not saved yet (the saved ones are read when hydrating). */
  tracker: TrackerChanges;
  /** The items the player holds (and has lent out), with their unsaved changes. */
  inventory: PlayerInventory;
  /** Event points spent on the sigil level, and the active sigil (its boost id, 0 none). */
  sigil: { points: number; active: number };
  /** Active potions and the belt; the tick counts the active ones down. */
  potions: PotionState;
  /** Owned pets; the active ones fight, gather and grow with each action. */
  pets: PetState;
  /** Dungeons: idle size and ticks, counters, presets, the dungeon under way by hand. */
  dungeon: DungeonState;
  /** Bumped when what potions and pets do changes (companion-effects.ts `companionsChanged`). */
  companionVersion: number;
  /** What the player had when their last socket closed ("While you were away"); unset: none. */
  away?: AwayMark;
  /** The columns changed since the last save (`Col`, player-columns.ts); clean when saved. */
  dirty: DirtyMask;
  /**
   * Credits (value from other players) applied to this memory but not yet deleted from the
   * `credits` table: the next save of this player deletes them in the same transaction.
   */
  credits: number[] | null;
  /**
   * The ids of the credits most recently applied to this memory, kept after a save took them
   * (credits.ts `applyCredit`): a credit the sweep or the load applied can still be delivered
   * by its sender's `committed` a moment later, and must not count twice. Unset: none yet.
   */
  creditsSeen?: Set<number>;
  /**
   * Guild taxes taken from this player's loot and not saved yet, by guild: the next save adds
   * them to the guilds' funds in the same transaction (world/guild-tax.ts).
   */
  guildTax: Map<number, Record<number, number>> | null;
  /**
   * The guild's share of this player's battle experience not saved yet, by guild: the next save
   * adds it to the guilds' experience in the same transaction (world/guild-effects.ts).
   */
  guildXp: Map<number, number> | null;
  /**
   * The player who referred this one's account (accounts.referrer_id); null: none, or
   * themselves. Their share of this player's shard drops is counted in `referralShards`.
   */
  referrerId: number | null;
  /**
   * Base Elemental Shards this player dropped since its last save, for the referrer's 5%: the
   * next save counts them for the referrer in the same transaction (referral-writes.ts).
   */
  referralShards: number;
  /** The world event the player joined (player-event.ts); null: none. */
  event: PlayerEvent | null;
  /**
   * What the player did in the event since its last save: the next save adds it to the event
   * and the player's participant row in the same transaction (player-writes.ts).
   */
  eventShare: EventShare | null;
  /** The player's guild and what its upgrades and level do (guild-effects.ts); null: none. */
  guild: MemberGuild | null;
  /** Bumped whenever boosts, level or sigil change, so derived stats are recomputed lazily. */
  statsVersion: number;
  /** Moves between players in progress: the store does not evict the player meanwhile. */
  busy: number;
  /** Total boosts and combat stats, derived lazily (see player-view.ts). */
  derived: DerivedCache;
}

/** Items loaded with a player (`loadItems`): the ones they hold and the ones they lent out. */
export interface LoadedItems {
  held: readonly OwnedItem[];
  lentOut: ReadonlyArray<{ owned: OwnedItem; borrowerName: string }>;
}

export function fromRow(
  row: Omit<PlayerRow, "createdAt" | "updatedAt">,
  account: { guest: boolean; banned: boolean; role: number; referrerId?: number | null },
  items: LoadedItems = { held: [], lentOut: [] },
): LoadedPlayer {
  const inventory = new PlayerInventory();
  for (const owned of items.held) inventory.addStored(owned);
  for (const lent of items.lentOut) inventory.lentOut.set(lent.owned.item.id, lent);
  const sigil = row.sigil ?? { points: 0, active: 0 };
  const fields = {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    guest: account.guest,
    banned: account.banned,
    role: account.role,
    boosts: { ...row.boosts },
    loot: { ...row.loot },
    preferences: { ...row.preferences },
    tracker: emptyTracker(),
    inventory,
    sigil: { points: Number(sigil.points) || 0, active: Number(sigil.active) || 0 },
    potions: readPotions(row.potions),
    taxes: { ...(row.taxes ?? {}) },
    pets: readPets(row.pets),
    dungeon: readDungeon(row.dungeon),
    companionVersion: 0,
    away: row.away && row.away.since > 0 ? row.away : undefined,
    dirty: cleanMask(),
    credits: null,
    guildTax: null,
    guildXp: null,
    referrerId:
      account.referrerId != null && account.referrerId !== row.id ? account.referrerId : null,
    referralShards: 0,
    event: readPlayerEvent(row.event),
    eventShare: null,
    guild: null,
    statsVersion: 0,
    busy: 0,
    derived: emptyDerived(),
  } as Record<string, unknown>;
  for (const key of PLAIN_COLUMNS) fields[key] = row[key];
  const player = inOneLiteral(fields) as unknown as LoadedPlayer;
  inventory.bindTo(player);
  return player;
}

type Literal = (fields: Record<string, unknown>) => Record<string, unknown>;
const literals = new Map<string, Literal>();

/**
 * A copy of `fields` made by one object literal naming every key, generated once per set of
 * keys (the parts' columns decide them at start-up). V8 then lays every field out inside the
 * object and all players share one layout, as with a literal written by hand. Built by
 * assigning the columns after a literal, the fields live outside the object: the world tick
 * ran a fifth to a third slower in the bench (2026-11-29).
 */
function inOneLiteral<T extends object>(fields: T): T {
  const keys = Object.keys(fields);
  const id = keys.join(",");
  let literal = literals.get(id);
  if (!literal) {
    if (!keys.every((k) => /^[A-Za-z_$][\w$]*$/.test(k)))
      throw new Error(`not a field name: ${id}`);
    // The code names only the player's own field names (checked above), nothing from outside.
    literal = new Function(
      "f",
      `return { ${keys.map((k) => `${k}: f.${k}`).join(", ")} };`,
    ) as Literal;
    literals.set(id, literal);
  }
  return literal(fields as Record<string, unknown>) as T;
}
