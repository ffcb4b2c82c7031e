import { boardByKey } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import { likePrefix, NAME_MATCHES, prefixRange } from "../../src/services/leaderboards/name-search";
import { insertPlayer } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

/**
 * Rankings' Find a player by the start of a name (issue 31): `GET /api/leaderboards/{type}/search`
 * matches case-insensitively and by prefix, takes `_` literally, lists at most 10 names on that
 * board, and reads a range of the `lower(name) collate "C"` index, not the players table.
 */
describe.each(testStores())("finding players by the start of their name on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });
  const db = () => suite.server.database.db;
  const battle = boardByKey("battle")!;
  const farm = boardByKey("farm")!;

  /** Players with these names, on `board` (a score row, as the flush writes it). */
  async function onBoard(names: string[], board = battle.id): Promise<void> {
    for (const name of names) {
      await insertPlayer(db(), name);
      await db().execute(sql`
        insert into leaderboard_scores (player_id, board, key)
        select id, ${board}, -1 from players where name = ${name}`);
    }
  }

  async function search(type: string, name: string) {
    const res = await fetch(
      `${suite.server.url}/api/leaderboards/${type}/search?name=${encodeURIComponent(name)}`,
    );
    return { status: res.status, body: (await res.json()) as { Names?: string[]; error?: string } };
  }

  it("matches the start of a name in any case, an exact name first, `_` literally", async () => {
    await onBoard(["Bobo_Two", "Boboli", "bobo", "Bobox", "Bobo_Three"]);
    await onBoard(["Bobofarm"], farm.id);
    expect(await search("battle", "bobo")).toEqual({
      status: 200,
      body: { Type: "battle", Names: ["bobo", "Bobo_Three", "Bobo_Two", "Boboli", "Bobox"] },
    });
    // Any case; only names on the board asked for.
    expect((await search("battle", "BOBOL")).body.Names).toEqual(["Boboli"]);
    expect((await search("farm", "bobo")).body.Names).toEqual(["Bobofarm"]);
    // "_" is an underscore, not "any one character" (Bobox, Boboli do not match "bobo_").
    expect((await search("battle", "bobo_")).body.Names).toEqual(["Bobo_Three", "Bobo_Two"]);
    expect((await search("battle", "Bobo_T")).body.Names).toEqual(["Bobo_Three", "Bobo_Two"]);
    expect((await search("battle", "bobz")).body.Names).toEqual([]);
  });

  it("lists at most 10 names and refuses what no name can begin with", async () => {
    const many = Array.from({ length: 14 }, (_, i) => `Manyx_${String.fromCharCode(97 + i)}`);
    await onBoard(many);
    const found = (await search("battle", "manyx")).body.Names ?? [];
    expect(found).toHaveLength(NAME_MATCHES);
    expect(found).toEqual([...many].sort().slice(0, NAME_MATCHES));
    for (const bad of ["", "a%", "a b", "x".repeat(21), "é"]) {
      expect((await search("battle", bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await search("money", "a")).status).toBe(404);
  });

  it("escapes LIKE's wildcards and reads the names' prefix index", async () => {
    expect(likePrefix("Bob_Two")).toBe("bob\\_two%");
    expect(likePrefix("a%\\")).toBe("a\\%\\\\%");
    expect(prefixRange("Bob_")).toEqual({ from: "bob_", to: "bob`" });
    expect(prefixRange("zz")).toEqual({ from: "zz", to: "z{" });
    // The planner takes the index for the range even when a scan would be as cheap (a small
    // table): the query is a range of players_name_prefix_idx.
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return resultRows<{ "QUERY PLAN": string }>(
        await tx.execute(sql`
          explain select p.name from players p
          where lower(p.name) collate "C" >= 'bob' and lower(p.name) collate "C" < 'boc'
            and lower(p.name) collate "C" like 'bob%'
          order by lower(p.name) collate "C" limit 10`),
      )
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).toMatch(/Index Scan using players_name_prefix_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});
