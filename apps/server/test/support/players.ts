import {
  createRng,
  type Element,
  type GatherActionType,
  type GearSlot,
  generateItem,
  type Rarity,
} from "@manaspire/game";
import type { ServerPayload, Item as WireItem } from "@manaspire/protocol";
import { sql } from "drizzle-orm";
import { TokenService } from "../../src/auth/tokens";
import type { Db } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import type { GameServer } from "../../src/server";
import type { OwnedItem } from "../../src/world/inventory";
import type { LoadedPlayer } from "../../src/world/loaded-player";
import { Col, markDirty } from "../../src/world/player-columns";
import { TestClient } from "./client";
import { withDb } from "./ledger";
import { api, guestToken, TEST_JWT_SECRET } from "./server";
import type { TestStore } from "./stores";
import { waitFor } from "./wait";

/** A connected, hydrated player and its server-side state. */
export interface Player {
  client: TestClient;
  id: number;
  name: string;
  token: string;
  /** The server's in-memory player (tests run the server in-process). */
  loaded: LoadedPlayer;
  /** The inventory sent after hydrate. */
  inventory: WireItem[];
}

/** A fresh valid player name (letters only). */
export function uniqueName(prefix = "P"): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let out = prefix;
  for (let i = 0; i < 8; i++) out += letters[Math.floor(Math.random() * letters.length)];
  return out;
}

/** Connects with a token, hydrates, and waits for the state, inventory and sets. */
export async function connect(server: GameServer, token: string): Promise<Player> {
  const client = await TestClient.connect(server.url, token);
  client.send("hydrate", {});
  const state = await client.next("playerState");
  const inventory = await client.next("inventory");
  await client.next("equipmentSets");
  const loaded = server.store.loaded.get(state.player.id);
  if (!loaded) throw new Error("player not loaded");
  return {
    client,
    id: state.player.id,
    name: state.player.name,
    token,
    loaded,
    inventory: inventory.items,
  };
}

/** A registered (named, non-guest) player. */
export async function namedPlayer(server: GameServer, prefix = "P"): Promise<Player> {
  const res = await api(server, "/api/auth/register", {
    username: uniqueName(prefix),
    password: "pass1234",
  });
  if (!res.body.token) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return connect(server, res.body.token);
}

/** A player of a server in another process (no access to its memory). */
export interface RemotePlayer {
  client: TestClient;
  id: number;
  name: string;
  token: string;
  inventory: WireItem[];
}

/** Connects to a server (in any process) with a token and hydrates. */
export async function connectRemote(url: string, token: string): Promise<RemotePlayer> {
  const client = await TestClient.connect(url, token);
  client.send("hydrate", {});
  const { player } = await client.next("playerState");
  const inventory = await client.next("inventory");
  return { client, id: player.id, name: player.name, token, inventory: inventory.items };
}

/** Registers a named player on a server in any process and returns its token and name. */
export async function registerRemote(
  url: string,
  prefix = "P",
): Promise<{ token: string; name: string }> {
  const name = uniqueName(prefix);
  const res = await api({ url }, "/api/auth/register", { username: name, password: "pass1234" });
  if (!res.body.token) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.token, name };
}

/**
 * Named players (`prefix` and a unique suffix each) made straight in a world's store, for
 * tests whose server process starts later: no process is started only to sign them up. Their
 * tokens are signed with TEST_JWT_SECRET, so start the process with `JWT_SECRET` set to it.
 */
export async function storedPlayers(
  store: TestStore,
  prefixes: readonly string[],
): Promise<Array<{ token: string; name: string }>> {
  return withDb(store, async (db) => {
    const made = [];
    for (const prefix of prefixes) {
      const name = uniqueName(prefix);
      made.push({ token: await insertPlayer(db, name), name });
    }
    return made;
  });
}

/**
 * A named player made straight in the database with a signed token (no sign-up request, so no
 * sign-up limit): for tests that need many players.
 */
export async function seededPlayer(server: GameServer, prefix = "P"): Promise<Player> {
  return connect(server, await insertPlayer(server.database.db, uniqueName(prefix)));
}

/**
 * Inserts a named player (an account of its own, 1000 actions, `loot`) and returns a token for
 * it signed with the test servers' secret. Inside a transaction that also writes the player's
 * other columns, no server can load the player before it is whole.
 */
export async function insertPlayer(
  db: Db,
  name: string,
  loot: Record<number, number> = {},
): Promise<string> {
  const [row] = resultRows<{ id: string; account_id: string }>(
    await db.execute(sql`
      with a as (insert into accounts (guest) values (false) returning id)
      insert into players (account_id, name, actions, action_type, loot)
      select a.id, ${name}, 1000, 1, ${JSON.stringify(loot)}::jsonb from a
      returning id, account_id`),
  );
  if (!row) throw new Error("seeding a player failed");
  const tokens = new TokenService(TEST_JWT_SECRET, 3600);
  return tokens.issue({ accountId: Number(row.account_id), playerId: Number(row.id) });
}

export async function guestPlayer(server: GameServer): Promise<Player> {
  return connect(server, await guestToken(server));
}

/** Where the client's received list ends now: pass as `since` to wait for newer messages. */
export function mark(p: Player): number {
  return p.client.received.length;
}

/** A player's profile as `viewer` asks for it (`name` omitted: the viewer's own). */
export async function profileOf(
  viewer: Player,
  name?: string,
): Promise<ServerPayload<"profile">["profile"]> {
  const since = mark(viewer);
  viewer.client.send("getPlayerProfile", name === undefined ? {} : { name });
  return (await viewer.client.next("profile", () => true, { since })).profile;
}

/** Runs `act` and returns the text of the toast it causes. */
/** A toast the tick sends on its own, never an answer to something the player asked. */
const TICK_TOAST = /^\w+ level up! You reached level \d+\.$/;

/**
 * The toast that answers `act`: the first one after it, the tick's level-up toasts aside (CI,
 * 2026-11-29: a battling player's "Battle level up!" came before a refusal's answer).
 */
export async function toastFor(p: Player, act: () => void): Promise<string> {
  const since = mark(p);
  act();
  return (await p.client.next("toast", (t) => !TICK_TOAST.test(t.text), { since })).text;
}

export interface ItemSpec {
  slot?: GearSlot;
  rarity?: Rarity;
  level?: number;
  element?: Element;
  skill?: GatherActionType;
  equipped?: boolean;
  favorite?: boolean;
  seed?: number;
}

/** Puts a generated item into a loaded player's inventory, as a drop would. */
export function giveItem(server: GameServer, p: LoadedPlayer, spec: ItemSpec = {}): OwnedItem {
  const id = server.itemIds.take();
  if (id === undefined) throw new Error("no item id reserved");
  const item = generateItem(
    {
      slot: spec.slot ?? 1,
      rarity: spec.rarity ?? 3,
      level: spec.level ?? 1,
      id,
      ...(spec.element !== undefined ? { element: spec.element } : {}),
      ...(spec.skill !== undefined ? { skill: spec.skill } : {}),
    },
    createRng(spec.seed ?? id),
  );
  const owned: OwnedItem = {
    item,
    ownerId: p.id,
    borrowerId: null,
    favorite: spec.favorite ?? false,
    equipped: spec.equipped ?? false,
  };
  p.inventory.add(owned);
  server.store.newItems.set(id, p.id);
  return owned;
}

/** Sets a loot amount on a loaded player. */
export function setLoot(p: LoadedPlayer, lootId: number, amount: number): void {
  p.loot[lootId] = amount;
  markDirty(p, Col.loot);
}

/** A snapshot of everything a refused call must leave unchanged. */
export function stateOf(p: LoadedPlayer): string {
  return JSON.stringify({
    loot: p.loot,
    boosts: p.boosts,
    sigil: p.sigil,
    items: [...p.inventory.items.values()].sort((a, b) => a.item.id - b.item.id),
    lent: [...p.inventory.lentOut.keys()],
    farm: p.farmHarvestAt,
    potions: p.potions,
    pets: p.pets,
    dungeon: p.dungeon,
    potionsBrewed: p.potionsBrewed,
  });
}

/**
 * Takes a player out of the game: its sockets closed, saved and evicted (it stops acting first,
 * so the store lets it go). Its `loaded` object is stale afterwards.
 */
export async function takeOffline(server: GameServer, p: Player): Promise<void> {
  p.client.ws.close();
  await waitFor(() => !server.sessions.has(p.id));
  p.loaded.actionType = 0;
  await server.store.flush();
  await server.store.evictIdle(() => false);
  if (server.store.loaded.has(p.id)) throw new Error(`player ${p.id} is still loaded`);
}
