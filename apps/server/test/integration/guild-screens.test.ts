import { LootId } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import { foundGuild, joinGuild, shownFunds } from "../support/guilds";
import { namedPlayer, type Player, setLoot } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitFor } from "../support/wait";

/**
 * Each change to a guild is pushed to its members online. Pushes read the guild in several
 * queries, so two racing pushes could arrive in the other order: the screen kept the older
 * funds until the next change (CI 2026-11-29 saw a push read before a withdrawal arrive after
 * it). One guild's pushes run one after another; a screen ends on the saved state.
 */
describe.each(testStores())("guild screens on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  it("racing donations reach every member's screen in order, and it ends on the saved funds", async () => {
    const leader = await namedPlayer(suite.server);
    const members = [leader, await namedPlayer(suite.server), await namedPlayer(suite.server)];
    const guildId = await foundGuild(leader);
    for (const m of members.slice(1)) await joinGuild(leader, m, guildId);
    for (const m of members) setLoot(m.loaded, LootId.ManaDust, 10_000);
    const since = members.map((m) => m.client.received.length);
    for (let round = 0; round < 15; round++) {
      for (const [i, m] of members.entries()) {
        m.client.send("guildDonate", { lootId: LootId.ManaDust, amount: 10 + round + i });
      }
    }
    const toasts = (p: Player, from: number) =>
      p.client.received.slice(from).filter((m) => m.type === "toast").length;
    await waitFor(
      () => members.every((m, i) => toasts(m, since[i] ?? 0) === 15),
      20_000,
      "an answer to each donation",
    );
    const saved = await savedDust(guildId);
    await waitFor(
      () => members.every((m) => shownFunds(m, LootId.ManaDust) === saved),
      10_000,
      `every member's screen showing the saved ${saved} Mana Dust`,
    );
    // Donations only add: a screen that went down was sent an older read after a newer one.
    for (const [i, m] of members.entries()) {
      const seen = m.client.received
        .slice(since[i])
        .flatMap((x) => (x.type === "guild" ? [x.data.guild?.funds[LootId.ManaDust] ?? 0] : []));
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }

    const withdrew = members.map((m) => m.client.received.length);
    leader.client.send("guildDonate", { lootId: LootId.ManaDust, amount: -100 });
    members[1]?.client.send("guildDonate", { lootId: LootId.ManaDust, amount: 5 });
    await waitFor(
      () => members.slice(0, 2).every((m, i) => toasts(m, withdrew[i] ?? 0) === 1),
      10_000,
      "an answer to the withdrawal and the donation",
    );
    const after = await savedDust(guildId);
    expect(after).toBe((saved ?? 0) - 95);
    await waitFor(
      () => members.every((m) => shownFunds(m, LootId.ManaDust) === after),
      10_000,
      `every member's screen showing the saved ${after} Mana Dust`,
    );
  });

  async function savedDust(guildId: number): Promise<number | undefined> {
    const [row] = resultRows<{ funds: unknown }>(
      await suite.server.database.db.execute(sql`select funds from guilds where id = ${guildId}`),
    );
    const funds = typeof row?.funds === "string" ? JSON.parse(row.funds) : row?.funds;
    return (funds as Record<string, number> | undefined)?.[LootId.ManaDust];
  }
});
