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

/*
 * Pushes the world tick finds (milestones.ts: a potion or the idle dungeon queue ran out), each
 * sent with a key naming the event, so it is sent once.
 */

export function potionExpiredMessage(potion: string): PushMessage {
  return {
    type: "Potion",
    title: "Potion expired",
    body: `Your ${potion} potion has run out.`,
    url: "/farm",
    tag: "potion",
  };
}

export function dungeonQueueMessage(): PushMessage {
  return {
    type: "DungeonQueue",
    title: "Dungeon queue done",
    body: "Your idle dungeons are finished. Queue the next ones.",
    url: "/dungeon-shop",
    tag: "dungeon-queue",
  };
}

export function dungeonObjectiveMessage(objective: string): PushMessage {
  return {
    type: "DungeonObjective",
    title: "Guild dungeon objective",
    body: objective,
    url: "/dungeon-guild",
    tag: "dungeon-objective",
  };
}

export function elementalRiftMessage(): PushMessage {
  return {
    type: "ElementalRift",
    title: "Elemental Rift",
    body: "An Elemental Rift is opening. Join the fight against its boss.",
    url: "/event",
    tag: "elemental-rift",
  };
}

export function riftOfPowerMessage(): PushMessage {
  return {
    type: "RiftOfPower",
    title: "Rift of Power",
    body: "A Rift of Power has opened. Siphon its power into your gear.",
    url: "/event",
    tag: "rift-of-power",
  };
}
