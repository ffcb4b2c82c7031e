import { eq } from "drizzle-orm";
import { openDatabase } from "../../src/db/client";
import { type PlayerRow, players } from "../../src/db/schema";
import type { TestStore } from "./stores";

/** The player's row as the database holds it (open only while no server uses a PGlite store). */
export async function savedPlayer(store: TestStore, id: number): Promise<PlayerRow> {
  const database = await openDatabase({
    databaseUrl: store.env.DATABASE_URL,
    dataDir: store.env.DATA_DIR,
  });
  try {
    const [row] = await database.db.select().from(players).where(eq(players.id, id));
    if (!row) throw new Error(`player ${id} not saved`);
    return row;
  } finally {
    await database.close();
  }
}
