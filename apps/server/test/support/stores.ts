import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { databaseUrl } from "./provided";

/** A place to keep a test server's data: a fresh PGlite directory or PostgreSQL database. */
export interface TestStore {
  kind: "pglite" | "postgres";
  env: { DATA_DIR: string; DATABASE_URL?: string };
  dispose(): Promise<void>;
}

export type StoreFactory = { kind: "pglite" | "postgres"; create(): Promise<TestStore> };

function scratchDir(): string {
  return mkdtempSync(path.join(tmpdir(), "manaspire-test-"));
}

/**
 * A PGlite directory: a copy of the run's migrated template (store-templates.ts) when the
 * global setup made one, else empty (the server migrates it on start).
 */
const pglite: StoreFactory = {
  kind: "pglite",
  async create() {
    const dir = scratchDir();
    const template = inject("pgliteTemplate");
    if (template) cpSync(template, dir, { recursive: true });
    return {
      kind: "pglite",
      env: { DATA_DIR: dir },
      async dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the server DATABASE_URL points at, dropped afterwards: a copy of the
 * run's migrated template database when there is one, else empty.
 */
function postgres(adminUrl: string): StoreFactory {
  return {
    kind: "postgres",
    async create() {
      const name = `manaspire_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      const template = inject("postgresTemplate");
      await admin(
        adminUrl,
        `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`,
      );
      const dir = scratchDir();
      return {
        kind: "postgres",
        env: { DATA_DIR: dir, DATABASE_URL: databaseUrl(adminUrl, name) },
        async dispose() {
          await admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

/**
 * The stores the integration tests run on. TEST_STORE (set by each integration project, see
 * vitest.config.ts) picks one; without it, PGlite always and PostgreSQL too when DATABASE_URL
 * is set.
 */
export function testStores(): StoreFactory[] {
  const url = process.env.DATABASE_URL;
  const all = url ? [pglite, postgres(url)] : [pglite];
  const only = process.env.TEST_STORE;
  return only ? all.filter((f) => f.kind === only) : all;
}
