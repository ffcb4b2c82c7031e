import { BoostId, LootId, referralCodex } from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Runner, resultRows } from "../../db/runner";
import { type Credit, CreditKind, insertCredit } from "../../world/credits";
import { LOCAL } from "../accounts";

/** premium_purchases.status */
export const PremiumStatus = { Pending: 1, Paid: 2 } as const;

export interface SettleResult {
  /**
   * credited: paid now (credits inserted); duplicate: paid before (a replayed webhook);
   * unknown: no session of ours; mismatch: the amount or currency is not what we asked;
   * gone: paid, but the buyer's player was deleted (nothing to credit).
   */
  outcome: "credited" | "duplicate" | "unknown" | "mismatch" | "gone";
  /** The credits written (the buyer's, and the referrer's when one was paid). */
  credits: Credit[];
  buyer?: { id: number; name: string };
  anonymous: boolean;
  euros: number;
  crystallizedMana: number;
}

interface PurchaseRow {
  player_id: string | number;
  euros: number;
  codex: number;
  crystallized_mana: number;
  ascension: number;
  anonymous: boolean;
  status: number;
}

/**
 * Settles a paid Checkout Session in one transaction: the purchase row (locked) turns paid, and
 * the buyer's credit (Codex, Crystallized Mana, Ascension points) and the referrer's (5% of the
 * Codex, when both accounts have a linked identity provider) are inserted with it. The buyer is
 * the player recorded when the session was created. A session already paid, or not ours, or
 * paid with another amount, credits nothing.
 */
export async function settlePurchase(
  db: Db,
  paid: { sessionId: string; amountTotal: number; currency: string },
): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const [row] = resultRows<PurchaseRow>(
      await tx.execute(sql`
        select player_id, euros, codex, crystallized_mana, ascension, anonymous, status
        from premium_purchases where session_id = ${paid.sessionId} for update`),
    );
    const base = { credits: [], anonymous: row?.anonymous ?? false, euros: row?.euros ?? 0 };
    const result = (outcome: SettleResult["outcome"]): SettleResult => ({
      outcome,
      ...base,
      crystallizedMana: row?.crystallized_mana ?? 0,
    });
    if (!row) return result("unknown");
    if (row.status === PremiumStatus.Paid) return result("duplicate");
    if (paid.amountTotal !== row.euros * 100 || paid.currency.toLowerCase() !== "eur") {
      return result("mismatch");
    }
    await tx.execute(sql`
      update premium_purchases set status = ${PremiumStatus.Paid}, paid_at = now()
      where session_id = ${paid.sessionId}`);
    const playerId = Number(row.player_id);
    const [buyer] = resultRows<{
      name: string;
      account_id: string | number;
      referrer_id: string | number | null;
    }>(
      await tx.execute(sql`
        select p.name, p.account_id, a.referrer_id
        from players p join accounts a on a.id = p.account_id
        where p.id = ${playerId}`),
    );
    if (!buyer) return result("gone");
    const credits = [
      await insertCredit(tx, {
        playerId,
        kind: CreditKind.Loot,
        loot: { [LootId.Codex]: row.codex, [LootId.CrystallizedMana]: row.crystallized_mana },
        boosts: { [BoostId.Ascension]: row.ascension },
        itemId: null,
        note: `Thank you for your purchase! ${row.codex} Codex, ${row.crystallized_mana} Crystallized Mana and ${row.ascension} Ascension points are yours.`,
      }),
    ];
    const referral = await referrerCredit(tx, {
      sessionId: paid.sessionId,
      buyerName: buyer.name,
      buyerAccount: Number(buyer.account_id),
      buyerId: playerId,
      referrerId: buyer.referrer_id === null ? null : Number(buyer.referrer_id),
      codex: row.codex,
    });
    if (referral) credits.push(referral);
    return {
      ...result("credited"),
      credits,
      buyer: { id: playerId, name: buyer.name },
    };
  });
}

/**
 * The referrer's 5% of the Codex (spec 001: both sides need a linked identity provider), as a
 * credit written in the purchase's transaction and noted on the purchase row; null when none is
 * due.
 */
async function referrerCredit(
  tx: Runner,
  r: {
    sessionId: string;
    buyerName: string;
    buyerAccount: number;
    buyerId: number;
    referrerId: number | null;
    codex: number;
  },
): Promise<Credit | null> {
  const codex = referralCodex(r.codex);
  if (r.referrerId === null || r.referrerId === r.buyerId || codex <= 0) return null;
  const [referrer] = resultRows<{ account_id: string | number }>(
    await tx.execute(sql`select account_id from players where id = ${r.referrerId}`),
  );
  if (!referrer) return null;
  const [linked] = resultRows<{ n: string | number }>(
    await tx.execute(sql`
      select count(distinct account_id) as n from identities
      where provider <> ${LOCAL}
        and account_id in (${r.buyerAccount}, ${Number(referrer.account_id)})`),
  );
  if (Number(linked?.n ?? 0) < 2) return null;
  await tx.execute(sql`
    update premium_purchases set referrer_id = ${r.referrerId}, referrer_codex = ${codex}
    where session_id = ${r.sessionId}`);
  return insertCredit(tx, {
    playerId: r.referrerId,
    kind: CreditKind.Loot,
    loot: { [LootId.Codex]: codex },
    itemId: null,
    note: `${r.buyerName}, whom you referred, bought Codex: ${codex} Codex for you.`,
  });
}

/**
 * What the player earned as a referrer (ReferrerRewards: loot id to amount): Codex from
 * referees' purchases, Elemental Shards from their drops (world/referral-writes.ts).
 */
export async function referrerRewards(db: Db, playerId: number): Promise<Record<number, number>> {
  const [row] = resultRows<{ codex: string | number | null; shards: string | number | null }>(
    await db.execute(sql`
      select
        (select sum(referrer_codex) from premium_purchases
         where referrer_id = ${playerId} and status = ${PremiumStatus.Paid}) as codex,
        (select sum(paid) from referral_shards where referrer_id = ${playerId}) as shards`),
  );
  const rewards: Record<number, number> = {};
  const codex = Number(row?.codex ?? 0);
  const shards = Number(row?.shards ?? 0);
  if (codex > 0) rewards[LootId.Codex] = codex;
  if (shards > 0) rewards[LootId.ElementalShards] = shards;
  return rewards;
}

/** Whether the player's latest purchase was anonymous (the shop's Anon: the box starts so). */
export async function lastAnonymous(db: Db, playerId: number): Promise<boolean> {
  const [row] = resultRows<{ anonymous: boolean }>(
    await db.execute(sql`
      select anonymous from premium_purchases where player_id = ${playerId}
      order by created_at desc limit 1`),
  );
  return row?.anonymous ?? false;
}
