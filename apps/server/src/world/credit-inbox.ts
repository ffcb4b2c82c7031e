import type { MarketSide } from "@manaspire/game";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../cluster/bus";
import type { Db } from "../db/client";
import { credits, items } from "../db/schema";
import type { Sessions } from "../socket/sessions";
import { type AppliedCredit, applyCredit, type Credit, fromCreditRow } from "./credits";
import type { OwnedItem } from "./inventory";
import { fromItemRow, toWireItem } from "./item-rows";
import type { LoadedPlayer } from "./loaded-player";
import type { Ownership } from "./ownership";
import type { PlayerStore } from "./player-store";
import { statsPatch } from "./stat-patch";

/** How often pending credits of loaded players are looked for (the safety net of `deliver`). */
export const CREDIT_SWEEP_MS = 2000;

/**
 * Applies credits to the players this process holds and tells their sockets. `deliver` is the
 * fast path right after the sender's commit; `sweep` finds credits that arrived while their
 * receiver was loading (and, with several processes, credits written elsewhere). Both run inside
 * the store's `exclusive`, so no save deletes a credit while it is being applied.
 */
export class CreditInbox {
  private timer: NodeJS.Timeout | undefined;
  /**
   * Told after a credit was applied here by `deliver` or the sweep (not at load), e.g. so the
   * guild armory writes a recalled loan's holder at once. Runs inside the store's `exclusive`
   * (the sweep): it must not wait for another `exclusive`.
   */
  onApplied: (p: LoadedPlayer, credit: Credit, applied: AppliedCredit) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly store: PlayerStore,
    private readonly sessions: Sessions,
    private readonly opts: {
      sweepMs?: number;
      log?: FastifyBaseLogger;
      /** Other processes: a credit for a player loaded elsewhere is announced to its owner. */
      bus?: Bus;
      /** This process's ownership: the sweep reads only the credits of players it owns. */
      ownership?: Ownership;
    } = {},
  ) {
    store.deliverCredit = (credit, item) => this.deliver(credit, item);
    opts.bus?.on((msg) => {
      if (msg.k !== "credit" || !this.store.loaded.has(msg.playerId)) return;
      this.sweep(msg.playerId).catch((err) =>
        this.opts.log?.error({ err, player: msg.playerId }, "applying a credit failed"),
      );
    });
  }

  start(): void {
    this.timer ??= setInterval(() => {
      this.sweep().catch((err) => this.opts.log?.error({ err }, "credit sweep failed"));
    }, this.opts.sweepMs ?? CREDIT_SWEEP_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * A credit just committed (call inside the same `exclusive` as the commit, or in
   * `commitAlone`'s `committed`, before anything else can write its receiver): applied at once
   * when its receiver is loaded here; otherwise it waits in the table for the receiver's load.
   */
  deliver(credit: Credit, item?: OwnedItem): void {
    const p = this.store.loaded.get(credit.playerId);
    if (p) this.notify(p, credit, applyCredit(p, credit, item));
    else this.opts.bus?.publish({ k: "credit", playerId: credit.playerId });
  }

  /**
   * Credits for this player were committed by something that holds no player (a payment's
   * webhook): applied now when the player is loaded here (under its claim, like the sweep),
   * announced to its owner otherwise; an offline player gets them when next loaded.
   */
  async arrived(playerId: number): Promise<void> {
    if (this.store.loaded.has(playerId)) await this.sweep(playerId);
    else this.opts.bus?.publish({ k: "credit", playerId });
  }

  /** Applies every pending credit of the loaded players (or of one player). */
  sweep(playerId?: number): Promise<number> {
    return this.store.exclusive(async () => {
      const ownerId = this.opts.ownership?.id ?? 0;
      const found = await this.db
        .select({ playerId: credits.playerId })
        .from(credits)
        .where(
          playerId !== undefined
            ? eq(credits.playerId, playerId)
            : ownerId !== 0
              ? sql`${credits.playerId} in (select id from players where owner_id = ${ownerId})`
              : undefined,
        );
      const receivers = [...new Set(found.map((r) => r.playerId))].flatMap((id) => {
        const p = this.store.loaded.get(id);
        return p ? [p] : [];
      });
      if (receivers.length === 0) return 0;
      // Read and apply while no write of these players is under way (a market order writes
      // one player outside `exclusive`): a write in flight has taken the credits it applied,
      // and they would look unapplied until it commits.
      return this.store.holding(receivers, () => this.applyPending(receivers));
    });
  }

  private async applyPending(receivers: readonly LoadedPlayer[]): Promise<number> {
    const rows = await this.db
      .select()
      .from(credits)
      .where(
        inArray(
          credits.playerId,
          receivers.map((p) => p.id),
        ),
      );
    const itemIds = rows.flatMap((r) => (r.itemId !== null ? [r.itemId] : []));
    const found = new Map<number, OwnedItem>();
    if (itemIds.length > 0) {
      for (const row of await this.db.select().from(items).where(inArray(items.id, itemIds))) {
        found.set(row.id, fromItemRow(row));
      }
    }
    let applied = 0;
    for (const row of rows) {
      const p = this.store.loaded.get(row.playerId);
      if (!p) continue;
      const credit = fromCreditRow(row);
      const item = credit.itemId !== null ? found.get(credit.itemId) : undefined;
      const result = applyCredit(p, credit, item);
      if (result) {
        applied++;
        this.notify(p, credit, result);
      }
    }
    return applied;
  }

  private notify(p: LoadedPlayer, credit: Credit, applied: AppliedCredit | null): void {
    if (applied) this.onApplied(p, credit, applied);
    if (!applied || !this.sessions.has(p.id)) return;
    if (applied.removed) {
      this.sessions.send(p.id, "item", { id: applied.removed.item.id });
      if (applied.totalsBefore) {
        this.sessions.send(p.id, "playerUpdate", { patch: statsPatch(p, applied.totalsBefore) });
      }
    }
    if (applied.lootIds.length > 0) {
      const loot: Record<number, number> = {};
      for (const id of applied.lootIds) loot[id] = p.loot[id] ?? 0;
      this.sessions.send(p.id, "playerUpdate", { patch: { loot } });
    }
    if (applied.boostIds && applied.boostsBefore) {
      const boosts: Record<number, number> = {};
      for (const id of applied.boostIds) boosts[id] = p.boosts[id] ?? 0;
      this.sessions.send(p.id, "playerUpdate", {
        patch: { boosts, ...statsPatch(p, applied.boostsBefore) },
      });
    }
    if (applied.item) {
      const owned = applied.item;
      const wire = toWireItem(owned, owned.borrowerId !== null ? p.name : undefined);
      this.sessions.send(p.id, "item", { id: owned.item.id, item: wire });
    }
    if (credit.trade?.itemOrderId !== undefined) {
      this.sessions.send(p.id, "itemOrder", { orderId: credit.trade.itemOrderId });
    } else if (credit.trade) {
      const { side, lootId, quantity, unitPrice } = credit.trade;
      this.sessions.send(p.id, "marketTrade", {
        side: side as MarketSide,
        lootId,
        quantity,
        unitPrice,
      });
    }
    if (credit.note !== "") this.sessions.send(p.id, "toast", { text: credit.note });
  }
}
