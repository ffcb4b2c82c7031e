import {
  cutDeviceName,
  isNotificationType,
  type NotificationType,
  stripHiddenCharacters,
} from "@manaspire/game";
import { GameError, type Handlers } from "../../socket/handlers";
import type { Sessions } from "../../socket/sessions";
import { SlidingWindowLimiter } from "../rate-limit";
import { toWireDevice } from "./device-store";
import { endpointError, subscriptionKeysError } from "./endpoint";
import { testMessage } from "./messages";
import type { Notifier } from "./notifier";

export interface NotificationHandlerDeps {
  notifier: Notifier;
  sessions: Sessions;
  /** Hosts push endpoints may be on (`PUSH_ENDPOINT_HOSTS`). */
  endpointHosts: readonly string[];
}

const NOT_YOURS = "That device is not registered to you.";

/** A device name as stored: hidden characters out, trimmed, cut to 10 characters. */
export function cleanDeviceName(raw: string): string {
  return cutDeviceName(stripHiddenCharacters(raw).trim()).trim();
}

/**
 * The notification settings calls (spec 001 section 7 "Notifications"). Every change is
 * answered with the player's whole device list, sent to all their sockets (other tabs too).
 */
export function notificationHandlers(deps: NotificationHandlerDeps): Handlers {
  const { notifier, sessions } = deps;
  const devices = notifier.devices;
  const publicKey = notifier.sender?.publicKey ?? "";
  // One test notification per player every 10 s: each is a request to a push service.
  const tests = new SlidingWindowLimiter(1, 10_000);

  const sendSettings = async (playerId: number) => {
    const rows = await devices.list(playerId);
    notifier.owners.set(playerId, rows.length > 0);
    sessions.send(playerId, "notificationSettings", {
      publicKey,
      devices: rows.map(toWireDevice),
    });
  };

  const checkToken = (token: string) => {
    const refusal = endpointError(token, deps.endpointHosts);
    if (refusal) throw new GameError(refusal);
  };

  return {
    async getNotificationSettings({ conn, player }) {
      const rows = await devices.list(player.id);
      conn.send("notificationSettings", { publicKey, devices: rows.map(toWireDevice) });
    },

    async addDevice({ player }, { token, p256dh, auth, name }) {
      if (!notifier.enabled) throw new GameError("This server sends no push notifications.");
      checkToken(token);
      const keys = subscriptionKeysError(p256dh, auth);
      if (keys) throw new GameError(keys);
      await devices.add(player.id, { token, p256dh, auth, name: cleanDeviceName(name) });
      await sendSettings(player.id);
    },

    async updateDeviceSettings({ player }, { token, name, enabled }) {
      const change: Partial<Record<NotificationType, boolean>> = {};
      for (const [type, on] of Object.entries(enabled)) {
        if (!isNotificationType(type)) throw new GameError(`Unknown notification type ${type}.`);
        change[type] = on;
      }
      const updated = await devices.update(player.id, token, {
        ...(name !== undefined ? { name: cleanDeviceName(name) } : {}),
        enabled: change,
      });
      if (!updated) throw new GameError(NOT_YOURS);
      await sendSettings(player.id);
    },

    async removeDeviceByToken({ player }, { token }) {
      if (!(await devices.remove(player.id, token))) throw new GameError(NOT_YOURS);
      await sendSettings(player.id);
    },

    async testNotification({ conn, player }, { token }) {
      const device = (await devices.list(player.id)).find((d) => d.token === token);
      if (!device) throw new GameError(NOT_YOURS);
      const room = tests.take(player.id, Date.now());
      if (!room.ok) {
        throw new GameError(
          `Wait ${Math.ceil(room.retryInMs / 1000)} s before sending another test notification.`,
        );
      }
      const outcome = await notifier.sendTo(device, testMessage(device.name));
      const shown = device.name || "your device";
      if (outcome.kind === "sent") conn.toast(`Test notification sent to ${shown}.`);
      else if (outcome.kind === "gone") {
        conn.toast(`${shown} no longer accepts notifications; it was removed.`);
      } else conn.toast(`Sending to ${shown} failed (${outcome.reason}).`);
      await sendSettings(player.id);
    },
  };
}
