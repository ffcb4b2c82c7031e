import { ActionType, LootId, Zone } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import { Col, markDirty } from "../../src/world/player-columns";
import { connect, mark, namedPlayer, type Player, takeOffline } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

/**
 * A referrer's 5% of a referee's base Elemental Shard drops (spec 001 "Premium"; docs/
 * architecture.md "Premium shop"): counted in the tick, shared in the referee's save, credited
 * to the referrer in tens, only when both accounts have a linked identity provider.
 */
describe.each(testStores())("referral shards on $kind", (factory) => {
  // No ticks or saves of their own: the tests act with world.tick() and save with
  // store.flush(). A timed flush racing the failed-save test took the pending share while
  // the test read it (seen once in CI).
  const suite = serverSuite(factory, { TICK_MS: "60000", FLUSH_MS: "60000" });

  const q = async <T>(query: ReturnType<typeof sql>) =>
    resultRows<T>(await suite.server.database.db.execute(query));

  const link = (p: Player) =>
    q(sql`insert into identities (account_id, provider, provider_id)
      values (${p.loaded.accountId}, 'testid', ${`sub-${p.id}`})`);

  /** A player whose account names `referrer`, loaded again so the store reads it. */
  async function referredBy(referrer: Player, prefix: string): Promise<Player> {
    const p = await namedPlayer(suite.server, prefix);
    await q(sql`update accounts set referrer_id = ${referrer.id} where id = ${p.loaded.accountId}`);
    await takeOffline(suite.server, p);
    return connect(suite.server, p.token);
  }

  const row = async (refereeId: number) =>
    (
      await q<{ referrer_id: string; base_pending: string; paid: string }>(
        sql`select referrer_id, base_pending, paid from referral_shards where referee_id = ${refereeId}`,
      )
    ).map((r) => ({
      referrer: Number(r.referrer_id),
      pending: Number(r.base_pending),
      paid: Number(r.paid),
    }))[0];

  it("counts a referred player's base shard drops in battle, and nobody else's", async () => {
    const referrer = await namedPlayer(suite.server, "Rf");
    const referee = await referredBy(referrer, "Re");
    const other = await namedPlayer(suite.server, "Ot");
    expect(referee.loaded.referrerId).toBe(referrer.id);
    expect(other.loaded.referrerId).toBeNull();
    for (const p of [referee, other]) {
      Object.assign(p.loaded, { actionType: ActionType.Battle, zone: Zone.RadiantGrove, enemy: 1 });
      p.loaded.actions = 10_000;
      p.loaded.boosts[122] = 400; // +400% shards: the share counts the base, not this
      markDirty(p.loaded, Col.actionType, Col.zone, Col.enemy, Col.actions, Col.boosts);
    }
    const shardsBefore = referee.loaded.loot[LootId.ElementalShards] ?? 0;
    for (let i = 0; i < 300 && referee.loaded.referralShards < 5; i++) suite.server.world.tick();
    const base = referee.loaded.referralShards;
    const dropped = (referee.loaded.loot[LootId.ElementalShards] ?? 0) - shardsBefore;
    expect(base).toBeGreaterThanOrEqual(5);
    // Level 1 enemies drop 1 base shard, 5 with the boost.
    expect(dropped).toBe(base * 5);
    expect(other.loaded.referralShards).toBe(0);
    // Not linked yet: the save drops the share (it is not kept for later).
    await suite.server.store.flush();
    expect(referee.loaded.referralShards).toBe(0);
    expect(await row(referee.id)).toBeUndefined();
  });

  it("credits the referrer in tens when both are linked; the rest waits", async () => {
    const referrer = await namedPlayer(suite.server, "Rg");
    const linked = await referredBy(referrer, "Li");
    const unlinked = await referredBy(referrer, "Un");
    await link(referrer);
    await link(linked);
    const since = mark(referrer);
    linked.loaded.referralShards = 150; // 7.5 shards: under the minimum of 10
    unlinked.loaded.referralShards = 400;
    await suite.server.store.flush();
    expect(await row(linked.id)).toEqual({ referrer: referrer.id, pending: 150, paid: 0 });
    expect(await row(unlinked.id)).toBeUndefined();

    linked.loaded.referralShards = 109; // 259 in all: 12 shards, 19 base left
    await suite.server.store.flush();
    expect(await row(linked.id)).toEqual({ referrer: referrer.id, pending: 19, paid: 12 });
    await suite.server.inbox.sweep(referrer.id);
    expect(referrer.loaded.loot[LootId.ElementalShards]).toBe(12);
    const toast = await referrer.client.next("toast", (t) => t.text.includes("whom you referred"), {
      since,
    });
    expect(toast.text).toBe(
      `${linked.name}, whom you referred, found Elemental Shards: 12 for you.`,
    );
    // The referee's own shards are untouched: the share is the referrer's extra.
    expect(linked.loaded.loot[LootId.ElementalShards] ?? 0).toBe(0);

    referrer.client.send("getPremiumShop", {});
    const update = await referrer.client.next(
      "playerUpdate",
      (u) => u.patch.referrerRewards !== undefined,
      { since },
    );
    expect(update.patch.referrerRewards).toEqual({ [LootId.ElementalShards]: 12 });
  });

  it("writes the share with the referee's save or not at all: a failed save keeps it for the next", async () => {
    const referrer = await namedPlayer(suite.server, "Rh");
    const referee = await referredBy(referrer, "Rk");
    await link(referrer);
    await link(referee);
    referee.loaded.referralShards = 200;
    referee.loaded.loot[LootId.Fish] = 77;
    markDirty(referee.loaded, Col.loot);
    // The share's table is away: the save fails as a whole, the referee's loot included.
    await q(sql`alter table referral_shards rename to referral_shards_away`);
    try {
      const { failed } = await suite.server.store.flush();
      expect(failed).toBeGreaterThan(0);
    } finally {
      await q(sql`alter table referral_shards_away rename to referral_shards`);
    }
    const [saved] = await q<{ loot: Record<string, number> }>(
      sql`select loot from players where id = ${referee.id}`,
    );
    expect(saved?.loot[LootId.Fish] ?? 0).toBe(0);
    expect(referee.loaded.referralShards).toBe(200);
    await suite.server.store.flush();
    expect(await row(referee.id)).toEqual({ referrer: referrer.id, pending: 0, paid: 10 });
    await suite.server.inbox.sweep(referrer.id);
    expect(referrer.loaded.loot[LootId.ElementalShards]).toBe(10);
  });
});
