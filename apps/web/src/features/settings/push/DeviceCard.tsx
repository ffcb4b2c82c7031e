import {
  cutDeviceName,
  DEVICE_NAME_MAX,
  DEVICE_SENDING_ERROR,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
} from "@manaspire/game";
import { useId, useState } from "react";
import { TrashIcon } from "../../../components/icons/uiIcons";
import { send } from "../../../store/gameStore";
import type { NotificationDevice } from "../../../store/slices/notifications";
import { Toggle } from "../controls";

/** One push device: its name (cut to 10 characters), its error, one switch per type. */
export function DeviceCard({
  device,
  thisBrowser,
  errorNotice,
}: {
  device: NotificationDevice;
  thisBrowser: boolean;
  /** The server had disabled this browser's device after sending errors (re-armed since). */
  errorNotice: boolean;
}) {
  const nameId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const saveName = () => {
    if (draft === null) return;
    const name = cutDeviceName(draft.trim());
    setDraft(null);
    if (name !== device.name)
      send("updateDeviceSettings", { token: device.token, name, enabled: {} });
  };
  const error = device.error ?? (errorNotice ? DEVICE_SENDING_ERROR : null);
  return (
    <li
      className="relative rounded-xl border border-edge bg-night-950/40 px-3 py-3"
      data-testid="push-device"
      data-this-browser={thisBrowser || undefined}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={nameId} className="sr-only">
          Device name
        </label>
        <input
          id={nameId}
          value={draft ?? device.name}
          maxLength={DEVICE_NAME_MAX}
          placeholder="Name"
          onChange={(event) => setDraft(cutDeviceName(event.target.value))}
          onBlur={saveName}
          onKeyDown={(event) => {
            if (event.key === "Enter") event.currentTarget.blur();
          }}
          className="field w-0 min-w-0 flex-1 font-semibold sm:max-w-48"
          data-testid="device-name"
        />
        <span className="ml-auto flex gap-1">
          <button
            type="button"
            className="btn px-2 py-1 text-xs"
            onClick={() => send("testNotification", { token: device.token })}
          >
            Test
          </button>
          {thisBrowser ? null : (
            <button
              type="button"
              className="btn px-2 py-1"
              title="Remove this device"
              onClick={() => send("removeDeviceByToken", { token: device.token })}
            >
              <TrashIcon className="size-4" />
              <span className="sr-only">Remove {device.name || "device"}</span>
            </button>
          )}
        </span>
      </div>
      {thisBrowser ? (
        <p className="mt-2">
          <span className="rounded-full border border-primary-light/60 bg-primary/20 px-2 py-0.5 text-[0.7rem] font-semibold whitespace-nowrap text-ink">
            This browser
          </span>
        </p>
      ) : null}
      {error ? (
        <p className="mt-2 text-sm text-danger" data-testid="device-error">
          {error}
        </p>
      ) : null}
      <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
        {NOTIFICATION_TYPES.map((type) => (
          <Toggle
            key={type}
            label={NOTIFICATION_TYPE_LABELS[type]}
            checked={device.enabled[type]}
            onChange={(on) =>
              send("updateDeviceSettings", { token: device.token, enabled: { [type]: on } })
            }
          />
        ))}
      </div>
      {thisBrowser ? (
        <p className="mt-2 text-xs text-ink-faint">
          To stop notifications here, turn the switches off or block notifications for this site in
          the browser.
        </p>
      ) : null}
    </li>
  );
}
