import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../apps/server/src/db/client";

/**
 * Migrates one PGlite store for the run: every spec's own world (own-world.ts) starts as a copy
 * of it (about 1 s of CPU instead of 4 to 5 for a migration). Workers read its path from
 * E2E_PGLITE_TEMPLATE.
 */
export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "manaspire-e2e-template-"));
  const db = await openDatabase({ dataDir: dir });
  await db.close();
  process.env.E2E_PGLITE_TEMPLATE = dir;
}
