import { FARM_MIN_GROWTH_MS } from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { resultRows } from "../db/runner";
import { GameError } from "../socket/handlers";
import { farmNow } from "../world/farm-collect";
import type { LoadedPlayer } from "../world/loaded-player";
import type { PlayerStore } from "../world/player-store";
import { collectAndTell, type FarmDeps } from "./farm";

/** How often the keeper looks for farms to collect. */
export const FARM_KEEPER_EVERY_MS = 60_000;

/**
 * Unattended farm collection (spec: Quality of Life auto-collects every 3 h when the player's
 * AutoCollectFarm preference is on). Every minute it collects each loaded player whose farm has
 * grown 3 hours, who wants it and may have it (`hasQoL`: Quality of Life bought in the premium
 * shop). Offline players are collected the same way (`sweepOffline`, once per world):
 * `collectFor` loads a player who is not in memory (the store claims it), collects, and the
 * player is saved by the next flush and evicted when idle.
 */
export class FarmKeeper {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: PlayerStore,
    private readonly deps: FarmDeps,
    private readonly opts: {
      hasQoL: (p: LoadedPlayer) => boolean;
      log?: FastifyBaseLogger;
      everyMs?: number;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sweep(), this.opts.everyMs ?? FARM_KEEPER_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Whether the player wants, may have and is due an unattended collection. */
  due(p: LoadedPlayer, now: number): boolean {
    if (p.preferences.autoCollectFarm !== true || !this.opts.hasQoL(p)) return false;
    return farmNow(p, now, this.deps.growthRate) - p.farmHarvestAt >= FARM_MIN_GROWTH_MS;
  }

  /** Collects every due loaded player's farm; returns how many were collected. */
  sweep(now = Date.now()): number {
    let collected = 0;
    for (const p of this.store.loaded.values()) {
      if (p.banned || !this.due(p, now)) continue;
      if (this.collect(p, now)) collected++;
    }
    return collected;
  }

  /**
   * Collects the due farms of players no process holds (offline players with Quality of Life
   * and auto-collect on): at most `limit` a round, each loaded (claimed) by `collectFor` and
   * saved by the next flush. Run once per world (server.ts). Returns how many were collected.
   */
  async sweepOffline(db: Db, now = Date.now(), limit = 100): Promise<number> {
    // A superset of the due players (growth counts from the last harvest at the world's rate);
    // collectFor checks each exactly.
    const grownSince = now - FARM_MIN_GROWTH_MS / Math.max(1e-9, this.deps.growthRate);
    const rows = resultRows<{ id: string | number }>(
      await db.execute(sql`
        select id from players
        where owner_id is null and qol_end > ${now} and farm_harvest_at <= ${grownSince}
          and preferences->>'autoCollectFarm' = 'true'
        order by farm_harvest_at limit ${limit}`),
    );
    let collected = 0;
    for (const row of rows) {
      if (await this.collectFor(Number(row.id), now).catch(() => false)) collected++;
    }
    return collected;
  }

  /** Collects one player's farm unattended, loading the player if needed. */
  async collectFor(playerId: number, now = Date.now()): Promise<boolean> {
    const p = await this.store.get(playerId);
    if (!p || p.banned || !this.due(p, now)) return false;
    return this.collect(p, now);
  }

  private collect(p: LoadedPlayer, now: number): boolean {
    try {
      collectAndTell(this.deps, p, true, now);
      return true;
    } catch (err) {
      // Refused (debt at its limit): the crop waits; anything else is logged.
      if (!(err instanceof GameError))
        this.opts.log?.error({ err, player: p.id }, "auto-collect failed");
      return false;
    }
  }
}
