import { PUSH_PERMISSION_TEXTS } from "@manaspire/game";
import type { ReactNode } from "react";
import { useGameStore } from "../../../store/gameStore";
import { SettingsSection } from "../controls";
import { DeviceCard } from "./DeviceCard";
import { requestPushPermission, usePushDevice } from "./pushDevice";

/**
 * Settings, push notifications (spec 001 sections 3 and 4): the browser's permission state
 * with the spec's texts, then the player's devices, each with a name and one switch per type.
 */
export function PushSection() {
  const { unsupported, permission, subscription, errorNotices } = usePushDevice();
  const publicKey = useGameStore((s) => s.notifications.publicKey);
  const devices = useGameStore((s) => s.notifications.devices);
  const serverOff = devices !== null && publicKey === "";

  let status: ReactNode = null;
  if (serverOff) status = "This server sends no push notifications.";
  else if (unsupported) status = "This browser cannot receive push notifications.";
  else if (permission === "default") {
    status = (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span>{PUSH_PERMISSION_TEXTS.default}</span>
        <button type="button" className="btn btn-primary" onClick={requestPushPermission}>
          Allow notifications
        </button>
      </span>
    );
  } else if (permission === "denied") status = PUSH_PERMISSION_TEXTS.denied;

  const thisToken = subscription?.token ?? null;
  // This browser's device first, then the others as registered.
  const sorted = [...(devices ?? [])].sort(
    (a, b) => Number(b.token === thisToken) - Number(a.token === thisToken),
  );

  return (
    <SettingsSection
      id="push"
      title="Push notifications"
      description="Notifications reach your devices while the game is closed."
    >
      {status ? (
        <p
          className="mb-3 rounded-lg border border-edge bg-night-950/50 px-3 py-2 text-sm text-ink-muted"
          data-testid="push-status"
          data-permission={serverOff ? "off" : unsupported ? "unsupported" : permission}
        >
          {status}
        </p>
      ) : null}
      {devices === null ? (
        <div className="skeleton h-20" aria-busy="true" />
      ) : sorted.length === 0 ? (
        <p className="text-sm text-ink-faint" data-testid="no-devices">
          {permission === "granted" && !serverOff && !unsupported
            ? "Registering this browser…"
            : "No device gets notifications yet."}
        </p>
      ) : (
        <ul className="grid gap-3 xl:grid-cols-2" data-testid="push-devices">
          {sorted.map((device) => (
            <DeviceCard
              key={device.token}
              device={device}
              thisBrowser={device.token === thisToken}
              errorNotice={errorNotices.has(device.token)}
            />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
