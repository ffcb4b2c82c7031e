import { LootId, referralShards } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../db/runner";
import { CreditKind, insertCredit } from "./credits";
import type { PlayerWrite } from "./player-write";

/** identities.provider of a name and password (services/accounts.ts LOCAL): not a provider. */
const PASSWORD = "local";

/**
 * The referrers' share of the written players' shard drops (spec 001: 5% of a referee's base
 * Elemental Shard drops, both accounts with a linked identity provider), inside the save that
 * writes the referees. The base shards are added to the referee's `referral_shards` row (only
 * when both accounts have a provider: shards dropped before that are not shared); once the row
 * makes at least 10 shards, they are the referrer's credit, inserted in the same transaction,
 * which the referrer's owner applies (the credit sweep). The row is written only by the save of
 * its referee, so no two transactions race on it.
 */
export async function writeReferralShares(
  tx: Runner,
  writes: readonly PlayerWrite[],
  written: ReadonlySet<number>,
): Promise<void> {
  const shares: Array<{ referee: number; referrer: number; base: number }> = [];
  const names = new Map<number, string>();
  for (const w of writes) {
    if (w.referralShards <= 0 || w.p.referrerId === null || !written.has(w.p.id)) continue;
    shares.push({ referee: w.p.id, referrer: w.p.referrerId, base: w.referralShards });
    names.set(w.p.id, w.p.name);
  }
  if (shares.length === 0) return;
  const rows = resultRows<{
    referee_id: string | number;
    referrer_id: string | number;
    base_pending: string | number;
  }>(
    await tx.execute(sql`
      insert into referral_shards as r (referee_id, referrer_id, base_pending)
      select d.referee, d.referrer, d.base
      from jsonb_to_recordset(${JSON.stringify(shares)}::jsonb)
        as d(referee int8, referrer int8, base int8)
      join players e on e.id = d.referee
      join players f on f.id = d.referrer
      where exists (select 1 from identities i
                    where i.account_id = e.account_id and i.provider <> ${PASSWORD})
        and exists (select 1 from identities i
                    where i.account_id = f.account_id and i.provider <> ${PASSWORD})
      on conflict (referee_id) do update
        set base_pending = r.base_pending + excluded.base_pending,
            referrer_id = excluded.referrer_id
      returning r.referee_id, r.referrer_id, r.base_pending`),
  );
  for (const row of rows) {
    const { shards, left } = referralShards(Number(row.base_pending));
    if (shards <= 0) continue;
    const referee = Number(row.referee_id);
    await tx.execute(sql`
      update referral_shards set base_pending = ${left}, paid = paid + ${shards}
      where referee_id = ${referee}`);
    await insertCredit(tx, {
      playerId: Number(row.referrer_id),
      kind: CreditKind.Loot,
      loot: { [LootId.ElementalShards]: shards },
      itemId: null,
      note: `${names.get(referee) ?? "A player"}, whom you referred, found Elemental Shards: ${shards} for you.`,
    });
  }
}
