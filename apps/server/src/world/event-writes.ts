import { applyBossDamage, RiftType } from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { Runner } from "../db/runner";
import { resultRows } from "../db/runner";
import type { EventShare } from "./player-event";
import type { PlayerWrite } from "./player-write";

/** Event status (`world_events.status`). */
export const EventStatus = { Scheduled: 0, Running: 1, Ended: 2 } as const;

/** A failed write's share back in front of what the player did since (same event: summed). */
export function mergeShare(older: EventShare, newer: EventShare | null): EventShare {
  if (!newer) return older;
  if (newer.eventId !== older.eventId) return newer;
  return {
    ...newer,
    actions: older.actions + newer.actions,
    damage: older.damage + newer.damage,
    iron: older.iron + newer.iron,
    fish: older.fish + newer.fish,
    wood: older.wood + newer.wood,
    successes: older.successes + newer.successes,
  };
}

const finite = (v: number) => (Number.isFinite(v) && v > 0 ? v : 0);

/**
 * The written players' event shares, in the transaction that writes the players: their
 * participant rows (joined, left, totals) and, for a running Elemental Rift, the boss's damage
 * and the resources. The events' rows are locked first, in id order, so two processes saving
 * players of the same rift wait for each other; the boss is read, damaged (packages/game
 * `applyBossDamage`: bosses defeated counted once, whatever the batches) and written under
 * that lock. Shares of an event that has ended are dropped: its rewards are paid.
 */
export async function writeEventShares(
  tx: Runner,
  writes: readonly PlayerWrite[],
  written: ReadonlySet<number>,
): Promise<void> {
  const shares: Array<{ playerId: number; share: EventShare }> = [];
  for (const w of writes) {
    if (w.eventShare && written.has(w.p.id)) shares.push({ playerId: w.p.id, share: w.eventShare });
  }
  if (shares.length === 0) return;
  const ids = [...new Set(shares.map((s) => s.share.eventId))].sort((a, b) => a - b);
  const events = resultRows<{
    id: string | number;
    kind: number;
    status: number;
    boss_base_health: number;
    boss_number: number;
    boss_health: number;
    bosses_defeated: number;
  }>(
    await tx.execute(sql`
      select id, kind, status, boss_base_health, boss_number, boss_health, bosses_defeated
      from world_events
      where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int8)
      order by id for update`),
  );
  const open = new Map(
    events.filter((e) => e.status !== EventStatus.Ended).map((e) => [Number(e.id), e]),
  );
  const live = shares.filter((s) => open.has(s.share.eventId));
  if (live.length === 0) return;

  const leaving = live.filter((s) => s.share.left);
  if (leaving.length > 0) {
    await tx.execute(sql`
      delete from event_participants as ep
      using jsonb_to_recordset(${JSON.stringify(
        leaving.map((s) => ({ event_id: s.share.eventId, player_id: s.playerId })),
      )}::jsonb) as u(event_id int8, player_id int8)
      where ep.event_id = u.event_id and ep.player_id = u.player_id`);
  }
  const staying = live.filter((s) => !s.share.left);
  if (staying.length > 0) {
    const rows = staying.map(({ playerId, share }) => ({
      event_id: share.eventId,
      player_id: playerId,
      name: share.name,
      action_type: share.actionType,
      actions: finite(share.actions),
      damage: finite(share.damage),
      resources: finite(share.iron) + finite(share.fish) + finite(share.wood),
      successes: finite(share.successes),
    }));
    await tx.execute(sql`
      insert into event_participants as ep
        (event_id, player_id, name, action_type, actions, total_damage, total_resources, successes)
      select event_id, player_id, name, action_type, actions, damage, resources, successes
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as u(event_id int8,
        player_id int8, name text, action_type int2, actions int8, damage float8,
        resources float8, successes int4)
      on conflict (event_id, player_id) do update set
        name = excluded.name,
        action_type = excluded.action_type,
        actions = ep.actions + excluded.actions,
        total_damage = ep.total_damage + excluded.total_damage,
        total_resources = ep.total_resources + excluded.total_resources,
        successes = ep.successes + excluded.successes`);
  }
  for (const [id, e] of open) {
    if (e.kind !== RiftType.ElementalRift || e.status !== EventStatus.Running) continue;
    let damage = 0;
    let iron = 0;
    let fish = 0;
    let wood = 0;
    for (const { share } of staying) {
      if (share.eventId !== id) continue;
      damage += finite(share.damage);
      iron += finite(share.iron);
      fish += finite(share.fish);
      wood += finite(share.wood);
    }
    if (damage === 0 && iron === 0 && fish === 0 && wood === 0) continue;
    const boss = applyBossDamage(
      {
        bossNumber: Number(e.boss_number),
        health: Number(e.boss_health),
        defeated: Number(e.bosses_defeated),
      },
      damage,
      Number(e.boss_base_health),
    );
    await tx.execute(sql`
      update world_events set boss_number = ${boss.bossNumber}, boss_health = ${boss.health},
        bosses_defeated = ${boss.defeated}, total_damage = total_damage + ${damage},
        iron = iron + ${iron}, fish = fish + ${fish}, wood = wood + ${wood}
      where id = ${id}`);
  }
}
