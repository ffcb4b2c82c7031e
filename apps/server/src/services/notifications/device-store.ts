import {
  allNotificationTypes,
  DEVICE_MAX_FAILURES,
  DEVICE_SENDING_ERROR,
  NOTIFICATION_TYPES,
  type NotificationType,
} from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";
import { notificationDevices } from "../../db/schema";

export type DeviceRow = typeof notificationDevices.$inferSelect;
export type WireDevice = ServerPayload<"notificationSettings">["devices"][number];

/** Devices one player may have; registering one more drops the least recently changed. */
export const MAX_DEVICES = 20;

/** A device as the settings screen sees it: every type's switch (on unless turned off). */
export function toWireDevice(row: DeviceRow): WireDevice {
  const enabled = allNotificationTypes();
  for (const type of NOTIFICATION_TYPES) {
    if (row.enabled[type] === false) enabled[type] = false;
  }
  return {
    token: row.token,
    name: row.name,
    ...(row.error !== null ? { error: row.error } : {}),
    errorCount: row.errorCount,
    enabled,
  };
}

/** True when the device gets notifications of this type now. */
export function wants(row: DeviceRow, type: NotificationType): boolean {
  return row.error === null && row.enabled[type] !== false;
}

/** The `notification_devices` table: authoritative for every process. */
export class DeviceStore {
  constructor(private readonly db: Db) {}

  list(playerId: number): Promise<DeviceRow[]> {
    return this.db
      .select()
      .from(notificationDevices)
      .where(eq(notificationDevices.playerId, playerId))
      .orderBy(asc(notificationDevices.createdAt), asc(notificationDevices.id));
  }

  /**
   * Registers a browser's subscription for the player. A token already known (this browser,
   * maybe registered by another player before) moves to this player with fresh keys and every
   * switch on, or keeps its switches when it is already theirs; its error is cleared.
   */
  async add(
    playerId: number,
    device: { token: string; p256dh: string; auth: string; name: string },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into notification_devices (player_id, token, p256dh, auth, name, enabled)
        values (${playerId}, ${device.token}, ${device.p256dh}, ${device.auth}, ${device.name},
                ${JSON.stringify(allNotificationTypes())}::jsonb)
        on conflict (token) do update set
          p256dh = excluded.p256dh,
          auth = excluded.auth,
          name = case when notification_devices.player_id = excluded.player_id
                      then notification_devices.name else excluded.name end,
          enabled = case when notification_devices.player_id = excluded.player_id
                         then notification_devices.enabled else excluded.enabled end,
          player_id = excluded.player_id,
          error = null,
          error_count = 0,
          updated_at = now()`);
      // Past the limit the least recently changed devices go.
      await tx.execute(sql`
        delete from notification_devices where id in (
          select id from notification_devices where player_id = ${playerId}
          order by updated_at desc, id desc offset ${MAX_DEVICES})`);
    });
  }

  /**
   * A partial change of one of the player's devices: the name if given, the listed switches.
   * Any update (an empty one too) clears the device's error. False when the device is not
   * the player's (or gone).
   */
  async update(
    playerId: number,
    token: string,
    change: { name?: string; enabled: Partial<Record<NotificationType, boolean>> },
  ): Promise<boolean> {
    const rows = await this.db
      .update(notificationDevices)
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        enabled: sql`${notificationDevices.enabled} || ${JSON.stringify(change.enabled)}::jsonb`,
        error: null,
        errorCount: 0,
        updatedAt: sql`now()`,
      })
      .where(and(eq(notificationDevices.playerId, playerId), eq(notificationDevices.token, token)))
      .returning({ id: notificationDevices.id });
    return rows.length > 0;
  }

  /** Removes one of the player's devices; false when it is not theirs (or gone). */
  async remove(playerId: number, token: string): Promise<boolean> {
    const rows = await this.db
      .delete(notificationDevices)
      .where(and(eq(notificationDevices.playerId, playerId), eq(notificationDevices.token, token)))
      .returning({ id: notificationDevices.id });
    return rows.length > 0;
  }

  /** The push service says the subscription is gone (404/410). */
  async removeById(id: number): Promise<void> {
    await this.db.delete(notificationDevices).where(eq(notificationDevices.id, id));
  }

  /**
   * One more failed send, counted in the database (processes may fail on one device at
   * once); at {@link DEVICE_MAX_FAILURES} in a row the device gets its error. Returns the row.
   */
  async recordFailure(id: number): Promise<{ errorCount: number; error: string | null } | null> {
    const rows = resultRows<{ error_count: number; error: string | null }>(
      await this.db.execute(sql`
        update notification_devices set
          error_count = error_count + 1,
          error = case when error_count + 1 >= ${DEVICE_MAX_FAILURES}
                       then ${DEVICE_SENDING_ERROR} else error end
        where id = ${id}
        returning error_count, error`),
    );
    const row = rows[0];
    return row ? { errorCount: Number(row.error_count), error: row.error } : null;
  }

  /** A send went through (a test to a disabled device too): the device works again. */
  async clearFailures(id: number): Promise<void> {
    await this.db
      .update(notificationDevices)
      .set({ errorCount: 0, error: null })
      .where(and(eq(notificationDevices.id, id), sql`${notificationDevices.errorCount} > 0`));
  }
}
