/**
 * Push notification types and device settings (spec 001 section 3 "Notification device
 * settings", section 4 "Push permission", section 5 "Notification device name").
 */

/** The eight types, by the spec's key, in the order the settings screen lists them. */
export const NOTIFICATION_TYPES = [
  "QuestComplete",
  "RefreshActions",
  "Whisper",
  "Potion",
  "DungeonQueue",
  "DungeonObjective",
  "ElementalRift",
  "RiftOfPower",
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  QuestComplete: "Quest Complete",
  RefreshActions: "Fatigue",
  Whisper: "Whisper",
  Potion: "Potion Expired",
  DungeonQueue: "DungeonQueue",
  DungeonObjective: "Guild Dungeon Objective",
  ElementalRift: "ElementalRift",
  RiftOfPower: "RiftOfPower",
};

export function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** Every type on: what a newly added device gets. */
export function allNotificationTypes(): Record<NotificationType, boolean> {
  return Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])) as Record<
    NotificationType,
    boolean
  >;
}

/** A device name is cut to 10 characters (whole code points, so an emoji is never split). */
export const DEVICE_NAME_MAX = 10;

export function cutDeviceName(name: string): string {
  const points = Array.from(name);
  let out = "";
  for (const point of points) {
    if (out.length + point.length > DEVICE_NAME_MAX) break;
    out += point;
  }
  return out;
}

/** Set on a device after repeated sending failures (the spec's spelling). */
export const DEVICE_SENDING_ERROR = "Notifcations Disabled due to sending errors";

/** Failed sends in a row after which a device gets {@link DEVICE_SENDING_ERROR}. */
export const DEVICE_MAX_FAILURES = 3;

/** The browser's notification permission and what the settings screen says for it. */
export type PushPermission = "default" | "denied" | "granted";

export const PUSH_PERMISSION_TEXTS: Record<Exclude<PushPermission, "granted">, string> = {
  default: "Waiting for browser permissions",
  denied: "Notifications blocked, check browser settings",
};
