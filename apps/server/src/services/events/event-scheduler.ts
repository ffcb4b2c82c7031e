import {
  type EventTiming,
  firstBoss,
  LogCategory,
  LootId,
  nextElementalRift,
  nextRiftOfPower,
  RiftType,
  riftBossBaseHealth,
  riftBuffs,
  riftEventPoints,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";
import { type Credit, CreditKind, insertCredits } from "../../world/credits";
import { EventStatus } from "../../world/event-writes";
import type { ActivityLog } from "../activity-log";
import { fromEventRow, type WorldEvent } from "./event-rows";

export interface SchedulerOptions {
  timing: EventTiming;
  /** The most health an Elemental Rift's first boss has (ELEMENTAL_RIFT_BOSS_HEALTH). */
  bossHealth: number;
  worldSeed: number;
  /**
   * How long after its end an event is paid: players' last contributions, saved with their
   * state every FLUSH_MS, reach the event's rows meanwhile.
   */
  settleMs: number;
  activityLog: ActivityLog;
  log?: FastifyBaseLogger;
  /** An event opened (an Elemental Rift's queue, a Rift of Power): push notifications. */
  onOpened?: (e: WorldEvent) => void;
  /** An event was paid (its credits are in the table): apply them here at once. */
  onEnded?: (e: WorldEvent, credits: Credit[]) => void;
}

/**
 * The world's event scheduler, run once per world (`OncePerWorld`, docs/features/events.md
 * "Events"). Every step is a conditional update of the event's row, so a step that ran (on a
 * process that died, or on two processes at once while a lock moves) is not run again: the
 * next event is added at most once (unique kind and number), started once (status 0 to 1),
 * and paid once (status 1 to 2 in the transaction that inserts the rewards' credits).
 */
export class EventScheduler {
  constructor(
    private readonly db: Db,
    private readonly opts: SchedulerOptions,
  ) {}

  async run(now = Date.now()): Promise<void> {
    await this.schedule(now);
    await this.open(now);
    await this.start(now);
    const due = await this.due(now);
    for (const e of due) await this.end(e.id);
    // The next of an event just paid is added at once, so the screens between events never
    // go without its start (they are told when the phase changes).
    if (due.length > 0) await this.schedule(now);
  }

  /** Adds the next Elemental Rift and Rift of Power when none is to come. */
  async schedule(now: number): Promise<void> {
    const latest = await this.latest();
    const er = latest.get(RiftType.ElementalRift);
    if (!er || er.status === EventStatus.Ended) {
      const w = nextElementalRift(this.opts.timing, now, er?.queueAt);
      await this.insert(RiftType.ElementalRift, (er?.number ?? 0) + 1, w);
    }
    const rop = latest.get(RiftType.RiftOfPower);
    if (!rop || rop.status === EventStatus.Ended) {
      const anchor = (await this.latest()).get(RiftType.ElementalRift);
      if (!anchor) return;
      const number = (rop?.number ?? 0) + 1;
      const w = nextRiftOfPower(
        this.opts.timing,
        now,
        rop?.startsAt,
        anchor.queueAt,
        this.opts.worldSeed,
        number,
      );
      if (w) await this.insert(RiftType.RiftOfPower, number, w);
    }
  }

  private async latest(): Promise<Map<number, WorldEvent>> {
    const rows = resultRows<Record<string, unknown>>(
      await this.db.execute(sql`
        select distinct on (kind) * from world_events order by kind, number desc`),
    );
    return new Map(rows.map((r) => [Number(r.kind), fromEventRow(r)]));
  }

  private async insert(
    kind: number,
    number: number,
    w: { queueAt: number; startsAt: number; endsAt: number },
  ): Promise<void> {
    await this.db.execute(sql`
      insert into world_events (kind, number, queue_at, starts_at, ends_at)
      values (${kind}, ${number}, ${new Date(w.queueAt).toISOString()}::timestamptz,
        ${new Date(w.startsAt).toISOString()}::timestamptz,
        ${new Date(w.endsAt).toISOString()}::timestamptz)
      on conflict (kind, number) do nothing`);
  }

  /** Events whose queue (or start) came: tell players with push devices, once. */
  private async open(now: number): Promise<void> {
    const rows = resultRows<Record<string, unknown>>(
      await this.db.execute(sql`
        update world_events set notified = true
        where not notified and status < ${EventStatus.Ended}
          and queue_at <= ${new Date(now).toISOString()}::timestamptz
          and ends_at > ${new Date(now).toISOString()}::timestamptz
        returning *`),
    );
    for (const r of rows) this.opts.onOpened?.(fromEventRow(r));
  }

  /**
   * Events whose start came: running, an Elemental Rift with its first boss, sized by the
   * players in its queue (`riftBossBaseHealth`: per player, at most ELEMENTAL_RIFT_BOSS_HEALTH).
   * Players who join once it runs do not change it.
   */
  private async start(now: number): Promise<void> {
    const at = new Date(now).toISOString();
    const due = resultRows<{ id: string | number; kind: number; joined: string | number }>(
      await this.db.execute(sql`
        select e.id, e.kind,
          (select count(*) from event_participants p where p.event_id = e.id) as joined
        from world_events e
        where e.status = ${EventStatus.Scheduled}
          and e.starts_at <= ${at}::timestamptz and e.ends_at > ${at}::timestamptz
        order by e.id`),
    );
    for (const r of due) {
      const rift = Number(r.kind) === RiftType.ElementalRift;
      const base = rift ? riftBossBaseHealth(Number(r.joined), this.opts.bossHealth) : 0;
      const boss = rift ? firstBoss(base) : { bossNumber: 0, health: 0 };
      const started = resultRows<{ id: string | number }>(
        await this.db.execute(sql`
          update world_events set status = ${EventStatus.Running},
            boss_base_health = ${base}, boss_number = ${boss.bossNumber},
            boss_health = ${boss.health}
          where id = ${r.id} and status = ${EventStatus.Scheduled}
          returning id`),
      );
      if (started.length === 0) continue;
      this.opts.log?.info(
        { event: Number(r.id), kind: r.kind, joined: Number(r.joined), bossHealth: base },
        "event started",
      );
    }
  }

  /** Events past their end and the settling time, not paid yet. */
  private async due(now: number): Promise<WorldEvent[]> {
    const rows = resultRows<Record<string, unknown>>(
      await this.db.execute(sql`
        select * from world_events where status < ${EventStatus.Ended}
          and ends_at <= ${new Date(now - this.opts.settleMs).toISOString()}::timestamptz
        order by id`),
    );
    return rows.map(fromEventRow);
  }

  /**
   * Ends an event and pays it, in one transaction: the row is locked and must not be ended
   * already; every participant's Event Points (Elemental Rift) are written on their row, paid
   * as a credit their owner applies (never a write to their balance), and told in their
   * activity log; then the row is marked ended. A crash anywhere before the commit leaves all
   * of it undone, and the next run pays it whole.
   */
  async end(eventId: number): Promise<boolean> {
    const paid = await this.db.transaction(async (tx) => {
      const [row] = resultRows<Record<string, unknown>>(
        await tx.execute(sql`select * from world_events where id = ${eventId} for update`),
      );
      if (!row) return undefined;
      const e = fromEventRow(row);
      if (e.status === EventStatus.Ended) return undefined;
      const people = resultRows<{
        player_id: string | number;
        actions: string | number;
        total_damage: number;
        total_resources: number;
        successes: number;
      }>(
        await tx.execute(sql`
          select player_id, actions, total_damage, total_resources, successes
          from event_participants where event_id = ${eventId} order by player_id`),
      );
      const rows = people.map((r) => ({
        playerId: Number(r.player_id),
        actions: Number(r.actions),
        damage: Number(r.total_damage),
        resources: Number(r.total_resources),
        successes: Number(r.successes),
      }));
      let credits: Credit[] = [];
      const lines: Array<{ playerId: number; category: LogCategory; text: string }> = [];
      if (e.kind === RiftType.ElementalRift) {
        const wood = riftBuffs(e.iron, e.fish, e.wood).wood;
        const points = riftEventPoints(rows, e.bossesDefeated, wood);
        await tx.execute(sql`
          update event_participants as ep set event_points = u.points
          from jsonb_to_recordset(${JSON.stringify(
            rows.map((r) => ({ player_id: r.playerId, points: points.get(r.playerId) ?? 0 })),
          )}::jsonb) as u(player_id int8, points float8)
          where ep.event_id = ${eventId} and ep.player_id = u.player_id`);
        credits = await insertCredits(
          tx,
          rows
            .filter((r) => (points.get(r.playerId) ?? 0) > 0)
            .map((r) => {
              const n = points.get(r.playerId) ?? 0;
              return {
                playerId: r.playerId,
                kind: CreditKind.Loot,
                loot: { [LootId.EventPoints]: n },
                itemId: null,
                note: `The Elemental Rift is over: you earned ${n} Event Points.`,
              };
            }),
        );
        for (const r of rows) {
          lines.push({
            playerId: r.playerId,
            category: LogCategory.Event,
            text:
              `Elemental Rift ended (${e.bossesDefeated} bosses defeated): you earned ` +
              `${points.get(r.playerId) ?? 0} Event Points for ${r.actions} actions, ` +
              `${Math.round(r.damage)} damage and ${Math.round(r.resources)} resources.`,
          });
        }
      } else {
        for (const r of rows) {
          lines.push({
            playerId: r.playerId,
            category: LogCategory.Event,
            text: `Rift of Power ended: ${r.successes} successful siphons in ${r.actions} actions.`,
          });
        }
      }
      await this.opts.activityLog.writeIn(tx, lines);
      await tx.execute(sql`
        update world_events set status = ${EventStatus.Ended}, ended_at = now()
        where id = ${eventId}`);
      return { e: { ...e, status: EventStatus.Ended }, credits };
    });
    if (!paid) return false;
    this.opts.log?.info(
      { event: eventId, kind: paid.e.kind, paid: paid.credits.length },
      "event ended",
    );
    this.opts.onEnded?.(paid.e, paid.credits);
    return true;
  }
}
