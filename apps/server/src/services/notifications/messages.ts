import type { NotificationType } from "@manaspire/game";

/** What a push notification shows; the service worker (web `public/push-sw.js`) reads it. */
export interface PushMessage {
  type: NotificationType;
  title: string;
  body: string;
  /** The page a click on the notification opens. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}

/** Whisper bodies are cut here (a notification shows a few lines at most). */
const WHISPER_PREVIEW = 180;

export function whisperMessage(from: string, text: string): PushMessage {
  const body = text.length > WHISPER_PREVIEW ? `${text.slice(0, WHISPER_PREVIEW - 1)}…` : text;
  return { type: "Whisper", title: `Whisper from ${from}`, body, url: "/", tag: `whisper-${from}` };
}

export function questCompleteMessage(kind: "battle" | "gather"): PushMessage {
  return {
    type: "QuestComplete",
    title: "Quest complete",
    body: `Your ${kind} quest is complete. Claim the reward to start the next one.`,
    url: "/",
    tag: "quest",
  };
}

export function outOfActionsMessage(): PushMessage {
  return {
    type: "RefreshActions",
    title: "Out of actions",
    body: "Your mage has run out of actions and rests. Come back to refresh them.",
    url: "/",
    tag: "fatigue",
  };
}

export function testMessage(deviceName: string): PushMessage {
  return {
    type: "Whisper",
    title: "Manaspire test notification",
    body: `Notifications reach ${deviceName || "this device"}.`,
    url: "/settings",
    tag: "test",
  };
}
