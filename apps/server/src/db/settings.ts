import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { serverSettings } from "./schema";

/** Reads a server setting, creating it with `make()` the first time (race-safe). */
export async function getOrCreateSetting(db: Db, key: string, make: () => string): Promise<string> {
  await db.insert(serverSettings).values({ key, value: make() }).onConflictDoNothing();
  const rows = await db.select().from(serverSettings).where(eq(serverSettings.key, key));
  const row = rows[0];
  if (!row) throw new Error(`server setting ${key} could not be stored`);
  return row.value;
}

export function randomSecret(): string {
  return randomBytes(48).toString("base64url");
}
