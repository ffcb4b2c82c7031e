import type { PushPermission } from "@manaspire/game";
import { useEffect } from "react";
import { create } from "zustand";
import { send, useGameStore } from "../../../store/gameStore";
import { defaultDeviceName } from "./deviceName";
import {
  type BrowserSubscription,
  currentPermission,
  ensureSubscription,
  pushUnsupportedReason,
  watchPermission,
} from "./pushClient";

/** This browser's push state, kept for the page (the settings screen reads it). */
export interface PushDeviceState {
  /** Null when the browser can push; otherwise why not (logged, shown as unsupported). */
  unsupported: string | null;
  permission: PushPermission;
  /** This browser's subscription once made (permission granted and the server has a key). */
  subscription: BrowserSubscription | null;
  /**
   * Devices of this browser the server had disabled after sending errors, seen on this page:
   * the message stays shown after the client re-armed the device.
   */
  errorNotices: ReadonlySet<string>;
}

export const usePushDevice = create<PushDeviceState>()(() => {
  const unsupported = pushUnsupportedReason();
  return {
    unsupported,
    permission: unsupported ? "default" : currentPermission(),
    subscription: null,
    errorNotices: new Set(),
  };
});

/**
 * Player and token pairs this page already asked the server to add or re-arm (never twice in
 * a loop; another player signing in on this page registers the browser for themselves).
 */
const added = new Set<string>();
const rearmed = new Set<string>();

/** Asks the browser for the notification permission (a click on the settings screen). */
export async function requestPushPermission(): Promise<void> {
  if (usePushDevice.getState().unsupported) return;
  try {
    await Notification.requestPermission();
  } catch (err) {
    console.warn("Asking for the notification permission failed.", err);
  }
  usePushDevice.setState({ permission: currentPermission() });
}

/**
 * Keeps this browser's push device in step, on every signed-in page: follows the permission;
 * once granted (and the server has a VAPID key) makes or reads the subscription and registers
 * it when the server does not know it (spec 001 section 4). A device the server disabled
 * after sending errors gets an empty settings update, which re-arms it. Failures are only
 * logged (spec 001 section 8).
 */
export function useSyncPushDevice(): void {
  const unsupported = usePushDevice((s) => s.unsupported);
  const permission = usePushDevice((s) => s.permission);
  const subscription = usePushDevice((s) => s.subscription);
  const publicKey = useGameStore((s) => s.notifications.publicKey);
  const devices = useGameStore((s) => s.notifications.devices);
  const playerId = useGameStore((s) => s.player?.id ?? null);

  useEffect(() => {
    if (unsupported) {
      console.info(`Push notifications are not available here: ${unsupported}.`);
      return;
    }
    return watchPermission(() => usePushDevice.setState({ permission: currentPermission() }));
  }, [unsupported]);

  useEffect(() => {
    if (unsupported || permission !== "granted" || publicKey === "") return;
    let cancelled = false;
    ensureSubscription(publicKey)
      .then((made) => {
        if (!cancelled) usePushDevice.setState({ subscription: made });
      })
      .catch((err: unknown) => console.warn("Push notifications could not be set up.", err));
    return () => {
      cancelled = true;
    };
  }, [unsupported, permission, publicKey]);

  useEffect(() => {
    if (!subscription || devices === null || playerId === null) return;
    const key = `${playerId} ${subscription.token}`;
    const known = devices.find((d) => d.token === subscription.token);
    if (!known) {
      if (added.has(key)) return;
      added.add(key);
      send("addDevice", { ...subscription, name: defaultDeviceName(navigator.userAgent) });
      return;
    }
    if (known.error !== undefined && !rearmed.has(key)) {
      rearmed.add(key);
      usePushDevice.setState((s) => ({ errorNotices: new Set([...s.errorNotices, known.token]) }));
      send("updateDeviceSettings", { token: known.token, enabled: {} });
    }
  }, [subscription, devices, playerId]);
}

/** Mounted once in the signed-in layout. */
export function PushDeviceSync(): null {
  useSyncPushDevice();
  return null;
}
