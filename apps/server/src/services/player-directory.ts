import { validatePlayerName } from "@manaspire/game";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, players } from "../db/schema";

/** A player found by name, with what chat, transfers and moderation need to know. */
export interface PlayerRef {
  id: number;
  /** The name as the player spells it. */
  name: string;
  guest: boolean;
  banned: boolean;
  role: number;
}

/** Finds a player by name, case-insensitively (one indexed lookup). */
export async function findPlayerByName(db: Db, name: string): Promise<PlayerRef | undefined> {
  if (validatePlayerName(name) !== null) return undefined;
  const rows = await db
    .select({
      id: players.id,
      name: players.name,
      guest: accounts.guest,
      banned: accounts.banned,
      role: accounts.role,
    })
    .from(players)
    .innerJoin(accounts, eq(accounts.id, players.accountId))
    .where(eq(sql`lower(${players.name})`, name.toLowerCase()));
  return rows[0];
}

/** A player's name by id, or undefined. */
export async function playerNameById(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: players.name }).from(players).where(eq(players.id, id));
  return row?.name;
}

/** A player's name as typed, shortened for a message that repeats it. */
export function shownName(name: string): string {
  return name.length > 24 ? `${name.slice(0, 24)}…` : name;
}
