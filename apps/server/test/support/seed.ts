import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";

/**
 * Inserts `n` accounts with a player each, straight into the database (seconds for 100,000
 * instead of minutes of sign-ups): names `Seed<id>`, battling Radiant Grove enemy 1 with
 * `actions` actions left. Returns the new player ids.
 */
export async function seedPlayers(
  db: Pick<Db, "execute">,
  n: number,
  opts: { actions?: number; actionType?: number; loot?: Record<number, number> } = {},
): Promise<number[]> {
  const { actions = 1_000_000, actionType = 1, loot = { 1: 1000 } } = opts;
  const result = await db.execute(sql`
    with a as (
      insert into accounts (guest) select false from generate_series(1, ${n}) returning id
    )
    insert into players (account_id, name, actions, action_type, loot)
    select a.id, 'Seed' || a.id, ${actions}, ${actionType}, ${JSON.stringify(loot)}::jsonb from a
    returning id`);
  return resultRows<{ id: string | number }>(result).map((r) => Number(r.id));
}
