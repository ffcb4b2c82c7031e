/**
 * Regenerates test/fixtures/world-0015.tar.gz, the data directory of an earlier release that
 * test/integration/upgrade.test.ts migrates forward: the embedded database as the release of
 * 2026-11-25 (commit 30e8822, the guild armory, migrations 0000-0015) left it, with a few
 * players, their loot, items and passwords written with that schema's SQL, dumped with PGlite's
 * `dumpDataDir` (the format `npm run backup` writes and `npm run restore` reads).
 *
 *   npx tsx apps/server/scripts/upgrade-fixture.ts
 *
 * Checked-in migrations never change, so the first 16 of today's folder are that release's.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createRng, generateItem, type Item } from "@manaspire/game";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { hashPassword } from "../src/auth/passwords";
import { MIGRATIONS_FOLDER } from "../src/db/migrations-folder";
import { UPGRADE_PLAYERS, UPGRADE_RELEASE_MIGRATIONS } from "../test/fixtures/upgrade-world";

const out = path.resolve(import.meta.dirname, "../test/fixtures/world-0015.tar.gz");
const scratch = mkdtempSync(path.join(tmpdir(), "manaspire-fixture-"));
try {
  // That release's migrations: the first UPGRADE_RELEASE_MIGRATIONS of the journal.
  const folder = path.join(scratch, "migrations");
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"),
  );
  journal.entries = journal.entries.slice(0, UPGRADE_RELEASE_MIGRATIONS);
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal, null, 2));
  for (const entry of journal.entries as { tag: string }[]) {
    cpSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }

  const pg = new PGlite(path.join(scratch, "pglite"));
  await migrate(drizzle(pg), { migrationsFolder: folder });
  for (const p of UPGRADE_PLAYERS) {
    const account = await pg.query<{ id: number }>(
      "insert into accounts (guest) values ($1) returning id",
      [p.password === undefined],
    );
    const accountId = account.rows[0]!.id;
    if (p.password !== undefined) {
      await pg.query(
        "insert into identities (account_id, provider, provider_id, secret_hash) values ($1, 'local', $2, $3)",
        [accountId, p.name.toLowerCase(), await hashPassword(p.password)],
      );
    }
    const player = await pg.query<{ id: number }>(
      `insert into players (account_id, name, actions, action_type, zone, enemy, magic_type,
         kills, deaths, action_counter, battle_xp, mining_xp, fishing_xp, woodcutting_xp,
         highest_enemy, loot, boosts, sigil, taxes)
       values ($1, $2, $3, $4, 1, $5, 1, $6, $7, $8, $9, $10, $11, $12, $5, $13, '{}', $14, '{}')
       returning id`,
      [
        accountId,
        p.name,
        p.actions,
        p.actionType,
        p.enemy,
        p.kills,
        p.deaths,
        p.actionCounter,
        p.xp.battle,
        p.xp.mining,
        p.xp.fishing,
        p.xp.woodcutting,
        JSON.stringify(p.loot),
        JSON.stringify({ points: p.sigilPoints, active: 0 }),
      ],
    );
    const playerId = player.rows[0]!.id;
    for (const spec of p.items) {
      const item: Item = generateItem(
        { slot: spec.slot, rarity: spec.rarity, level: spec.level },
        createRng(spec.seed),
      );
      await pg.query(
        `insert into items (owner_id, name, level, rarity, slot, boosts, rolls, infusions,
           quality, element, skill, favorite, equipped)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, false, $12)`,
        [
          playerId,
          item.name,
          item.level,
          item.rarity,
          item.slot,
          JSON.stringify(item.boosts),
          JSON.stringify(item.rolls),
          item.infusions,
          item.quality,
          item.element ?? null,
          item.skill ?? null,
          spec.equipped,
        ],
      );
    }
  }
  // Small enough to check in: the two template databases go (the game never creates a
  // database), and the write-ahead log moves to a fresh, zero-filled segment (old segments are
  // removed, not recycled with their old bytes), which compresses to almost nothing.
  for (const template of ["template0", "template1"]) {
    await pg.exec(`update pg_database set datistemplate = false where datname = '${template}'`);
    await pg.exec(`drop database ${template}`);
  }
  await pg.exec("set wal_recycle = off");
  await pg.exec("CHECKPOINT");
  await pg.query("select pg_switch_wal()");
  await pg.exec("CHECKPOINT");
  const tarball = await pg.dumpDataDir("gzip");
  await pg.close();
  writeFileSync(out, new Uint8Array(await tarball.arrayBuffer()));
  console.log(`wrote ${path.relative(process.cwd(), out)} (${tarball.size} bytes)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
