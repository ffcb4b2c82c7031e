import {
  ActionType,
  applyBossDamage,
  firstBoss,
  LootId,
  RiftType,
  riftBuffs,
  riftEventPoints,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import { ActivityLog } from "../../src/services/activity-log";
import { EventScheduler } from "../../src/services/events/event-scheduler";
import type { ServerProcess } from "../support/child";
import { loaded, until } from "../support/cluster";
import { addEvent, eventRow, moveEvent, participants } from "../support/events";
import { withDb } from "../support/ledger";
import type { RemotePlayer } from "../support/players";
import { redisReachable } from "../support/redis";
import { testStores } from "../support/stores";
import { twoProcesses } from "../support/two-processes";

const postgres = testStores().find((f) => f.kind === "postgres");
const redisUp = postgres ? await redisReachable() : false;
const BOSS = 300;

/**
 * An Elemental Rift with players on two processes of one world (PostgreSQL and Redis): both
 * processes' damage reaches the one boss (its row, under its lock), bosses are counted once,
 * and the end pays every participant once, even when a process is killed (-9) mid-rift.
 */
describe.runIf(postgres && redisUp)("Elemental Rift on two processes", () => {
  const world = twoProcesses(postgres!, {
    TICK_MS: "200",
    ELEMENTAL_RIFT_BOSS_HEALTH: String(BOSS),
  });
  const db = <T>(fn: Parameters<typeof withDb<T>>[1]) => withDb(world.store, fn);

  async function join(p: RemotePlayer, actionType: number): Promise<void> {
    const since = p.client.received.length;
    p.client.send("eventJoin", {});
    await p.client.next("eventState", (s) => s.joined, { since, timeoutMs: 10_000 });
    p.client.send("eventSetAction", { actionType: actionType as 1 });
  }

  it("one boss, bosses counted once, rewards paid once across a kill -9", async () => {
    const [one, two] = world.procs as [ServerProcess, ServerProcess];
    const id = await db((d) =>
      addEvent(d, RiftType.ElementalRift, { queueIn: -1000, startsIn: 4000, endsIn: 120_000 }),
    );
    const players = [
      await player(one, "Ea", ActionType.Battle),
      await player(one, "Eb", ActionType.Fishing),
      await player(two, "Ec", ActionType.Battle),
      await player(two, "Ed", ActionType.Woodcutting),
    ];
    async function player(p: ServerProcess, prefix: string, action: number) {
      const remote = await world.player(p, prefix);
      // Each process reads the events every 200 ms: wait for this one to see the queue.
      await remote.client.next("eventState", (s) => s.eventType === RiftType.ElementalRift, {
        timeoutMs: 10_000,
      });
      await join(remote, action);
      return remote;
    }
    // The rift opens (the scheduler's holder starts it): both processes' battlers hit the boss.
    for (const p of [players[0]!, players[2]!]) {
      await p.client.next("elementalRift", (r) => r.state.damageDone > 0, { timeoutMs: 20_000 });
    }
    const defeated = async () => Number((await db((d) => eventRow(d, id))).bosses_defeated);
    await until(async () => (await defeated()) >= 2, 30_000);

    // A process dies mid-rift: its players (and their unsaved play) are taken over by the
    // other, as is the scheduler's lock if it held it.
    one.kill("SIGKILL");
    await one.exit;
    const atKill = await defeated();
    const actionsOf = async (p: RemotePlayer) =>
      Number((await db((d) => participants(d, id))).get(p.id)?.actions ?? 0);
    const killedActions = await actionsOf(players[0]!);
    await players[2]!.client.next("elementalRift", (r) => r.state.bossesDefeated >= atKill + 2, {
      timeoutMs: 30_000,
    });
    // The dead process's players go on in the rift from the survivor (their saved `event`).
    await until(async () => (await loaded(two)) >= 4, 30_000);
    await until(async () => (await actionsOf(players[0]!)) > killedActions, 30_000);
    await db((d) => moveEvent(d, id, { endsIn: 0 }));
    await until(async () => Number((await db((d) => eventRow(d, id))).status) === 2, 30_000);

    // The boss: every saved contribution, applied once, in whatever batches they came.
    const row = await db((d) => eventRow(d, id));
    const people = await db((d) => participants(d, id));
    expect(people.size).toBe(4);
    let damage = 0;
    let resources = 0;
    for (const r of people.values()) {
      damage += Number(r.total_damage);
      resources += Number(r.total_resources);
    }
    expect(Number(row.total_damage)).toBeCloseTo(damage, 6);
    expect(Number(row.fish) + Number(row.wood) + Number(row.iron)).toBeCloseTo(resources, 6);
    const boss = applyBossDamage(firstBoss(BOSS), Number(row.total_damage), BOSS);
    expect(Number(row.bosses_defeated)).toBe(boss.defeated);
    expect(Number(row.boss_number)).toBe(boss.bossNumber);
    expect(Number(row.boss_health)).toBeCloseTo(boss.health, 3);

    // The rewards: the rules' points, written once, and each player's balance raised by them
    // once (a credit their owner applied: the survivor, for every player now).
    const rows = [...people.values()].map((r) => ({
      playerId: Number(r.player_id),
      actions: Number(r.actions),
      damage: Number(r.total_damage),
      resources: Number(r.total_resources),
    }));
    const wood = riftBuffs(Number(row.iron), Number(row.fish), Number(row.wood)).wood;
    const expected = riftEventPoints(rows, Number(row.bosses_defeated), wood);
    for (const r of people.values()) {
      expect(Number(r.event_points)).toBe(expected.get(Number(r.player_id)));
      expect(Number(r.event_points)).toBeGreaterThan(0);
    }
    const paid = async () =>
      resultRows<{ id: string | number; points: number | null; pending: string | number }>(
        await db((d) =>
          d.execute(sql`
            select p.id, (p.loot->>${String(LootId.EventPoints)})::float8 as points,
              (select count(*) from credits c where c.player_id = p.id) as pending
            from players p join event_participants ep on ep.player_id = p.id
            where ep.event_id = ${id}`),
        ),
      );
    const settled = async () =>
      (await paid()).every(
        (r) => Number(r.pending) === 0 && Number(r.points) === expected.get(Number(r.id)),
      );
    await until(settled, 30_000);
    // Paying again (a scheduler run that missed the commit) pays nothing.
    const again = await db((d) =>
      new EventScheduler(d, {
        timing: {
          elementalRiftEveryMs: 3_600_000,
          elementalRiftQueueMs: 0,
          durationMs: 60_000,
          riftOfPowerMinMs: 3_600_000,
          riftOfPowerMaxMs: 3_600_000,
        },
        bossHealth: BOSS,
        worldSeed: 1,
        settleMs: 0,
        activityLog: new ActivityLog(d),
      }).end(id),
    );
    expect(again).toBe(false);
    await new Promise((r) => setTimeout(r, 2500)); // a credit sweep and a save later
    expect(await settled()).toBe(true);
  }, 150_000);
});
