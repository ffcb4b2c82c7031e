import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../../src/db/migrations-folder";
import { compiledPGlite, RemotePGlite } from "../../src/db/pglite-remote";
import { resultRows } from "../../src/db/runner";
import { UPGRADE_PLAYERS, UPGRADE_RELEASE_MIGRATIONS } from "../fixtures/upgrade-world";
import { freePort, ServerProcess } from "../support/child";
import { withDb } from "../support/ledger";
import { runScript } from "../support/operator-scripts";
import { connectRemote } from "../support/players";
import { api } from "../support/server";
import { testStores } from "../support/stores";

const pglite = testStores().find((f) => f.kind === "pglite");
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/world-0015.tar.gz");

/** What a release's data holds of its players: every column it had, and their items. */
const PLAYERS_SQL = `select p.*, coalesce((select jsonb_agg(to_jsonb(i) - 'created_at' order by i.id)
    from items i where i.owner_id = p.id), '[]'::jsonb) as items
  from players p order by p.id`;

type Row = Record<string, unknown> & { id: string | number; items: Record<string, unknown>[] };

function shippedMigrations(): number {
  const journal = path.join(MIGRATIONS_FOLDER, "meta/_journal.json");
  return (JSON.parse(readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}

/**
 * Issue 27 item 3, upgrades: a data directory made by an earlier release (migrations 0000-0015,
 * test/fixtures/world-0015.tar.gz, made by scripts/upgrade-fixture.ts) is restored with
 * `npm run restore`, the current server starts on it and migrates it forward, and every player
 * is intact: each column the release had, their loot and their items, and their passwords.
 */
describe.runIf(pglite)("upgrading the embedded world of an earlier release", () => {
  let dataDir: string | undefined;
  let proc: ServerProcess | undefined;

  afterEach(async () => {
    await proc?.killIfRunning();
    proc = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it("migrates it forward with every player, their loot and items intact", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "manaspire-upgrade-"));
    const restored = await runScript("restore", [FIXTURE], { DATA_DIR: dataDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`(${UPGRADE_PLAYERS.length} players)`);
    // An empty directory was there: it is kept beside the restored one.
    rmSync(
      path.join(
        path.dirname(dataDir),
        readdirSync(path.dirname(dataDir)).find((n) =>
          n.startsWith(`${path.basename(dataDir!)}.before-restore-`),
        )!,
      ),
      { recursive: true },
    );

    // The release's own view, read without migrating.
    const old = new RemotePGlite(path.join(dataDir, "pglite"), await compiledPGlite());
    await old.waitReady;
    const applied = (await old.query(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    )) as { rows: { n: number }[] };
    const before = ((await old.query(PLAYERS_SQL)) as { rows: Row[] }).rows;
    await old.close();
    expect(applied.rows[0]!.n).toBe(UPGRADE_RELEASE_MIGRATIONS);
    expect(before.map((r) => r.name)).toEqual(UPGRADE_PLAYERS.map((p) => p.name));
    expect(before.flatMap((r) => r.items)).toHaveLength(
      UPGRADE_PLAYERS.reduce((n, p) => n + p.items.length, 0),
    );

    // The current server migrates it on start; each player signs in and is served whole.
    const env = { DATA_DIR: dataDir, TICK_MS: "60000", LOG_LEVEL: "warn" };
    proc = await ServerProcess.start(env, await freePort());
    const ready = (await fetch(`${proc.metricsUrl}/ready`).then((r) => r.json())) as {
      checks: Record<string, string>;
    };
    expect(ready.checks.migrations).toBe("ok");
    for (const [i, p] of UPGRADE_PLAYERS.entries()) {
      if (p.password === undefined) continue; // a guest of that release: checked below
      const login = await api(proc, "/api/auth/login", { username: p.name, password: p.password });
      expect(login.status, p.name).toBe(200);
      const player = await connectRemote(proc.url, String(login.body.token));
      const state = player.client.received.find((m) => m.type === "playerState");
      if (state?.type !== "playerState") throw new Error("no player state");
      expect(state.data.player).toMatchObject({
        id: Number(before[i]!.id),
        name: p.name,
        kills: p.kills,
        deaths: p.deaths,
        actions: p.actions,
        loot: p.loot,
      });
      expect(player.inventory.map((item) => item.id).sort((a, b) => a - b)).toEqual(
        before[i]!.items.map((item) => Number(item.id)),
      );
      player.client.close();
    }
    proc.kill("SIGTERM");
    expect(await proc.exit).toEqual({ code: 0, signal: null });

    // Every column the release had holds what it held (the sign-ins may move updated_at),
    // and the new columns were filled from the old ones where a migration does so.
    const after = await withDb(
      { kind: "pglite", env: { DATA_DIR: dataDir }, dispose: async () => {} },
      async (db) => ({
        migrations: resultRows<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        )[0]!.n,
        players: resultRows<Row>(await db.execute(sql.raw(PLAYERS_SQL))),
      }),
    );
    expect(after.migrations).toBe(shippedMigrations());
    expect(after.migrations).toBeGreaterThan(UPGRADE_RELEASE_MIGRATIONS);
    expect(after.players).toHaveLength(before.length);
    for (const [i, old] of before.entries()) {
      const now = after.players[i]!;
      // Timestamps come back as dates from one reader and as text from the other; `away` is
      // the away summary's start, written when a player signed in here leaves.
      const { updated_at: _a, created_at: _c, away: _e, ...kept } = old;
      const { updated_at: _b, created_at: _d, away: _f, ...current } = now;
      expect(current, String(old.name)).toMatchObject(kept);
      expect(Number(now.gather_actions)).toBe(
        Math.max(0, Number(old.action_counter) - Number(old.kills) - Number(old.deaths)),
      );
    }
  });
});
