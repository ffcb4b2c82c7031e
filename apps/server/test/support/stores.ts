import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/** A place to keep a test server's data: a fresh PGlite directory or PostgreSQL database. */
export interface TestStore {
  kind: "pglite" | "postgres";
  env: { DATA_DIR: string; DATABASE_URL?: string };
  dispose(): Promise<void>;
}

export type StoreFactory = { kind: "pglite" | "postgres"; create(): Promise<TestStore> };

const pglite: StoreFactory = {
  kind: "pglite",
  async create() {
    const dir = mkdtempSync(path.join(tmpdir(), "manaspire-test-"));
    return {
      kind: "pglite",
      env: { DATA_DIR: dir },
      async dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** A fresh database on the server DATABASE_URL points at, dropped afterwards. */
function postgres(adminUrl: string): StoreFactory {
  return {
    kind: "postgres",
    async create() {
      const name = `manaspire_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dir = mkdtempSync(path.join(tmpdir(), "manaspire-test-"));
      return {
        kind: "postgres",
        env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
        async dispose() {
          const c = new pg.Client({ connectionString: adminUrl });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          await c.end();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export function testStores(): StoreFactory[] {
  const url = process.env.DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
}
