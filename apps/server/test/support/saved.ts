import { eq } from "drizzle-orm";
import { type PlayerRow, players } from "../../src/db/schema";
import { withDb } from "./ledger";
import type { TestStore } from "./stores";

/** The player's row as the database holds it (open only while no server uses a PGlite store). */
export function savedPlayer(store: TestStore, id: number): Promise<PlayerRow> {
  return withDb(store, async (db) => {
    const [row] = await db.select().from(players).where(eq(players.id, id));
    if (!row) throw new Error(`player ${id} not saved`);
    return row;
  });
}
