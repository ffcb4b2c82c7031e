import { NOTIFICATION_TYPES } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import {
  dungeonObjectiveMessage,
  dungeonQueueMessage,
  elementalRiftMessage,
  outOfActionsMessage,
  potionExpiredMessage,
  questCompleteMessage,
  riftOfPowerMessage,
  testMessage,
  whisperMessage,
} from "../../src/services/notifications/messages";

describe("push messages", () => {
  it("exist for every notification type, each with its own type", () => {
    const messages = [
      questCompleteMessage("battle"),
      outOfActionsMessage(),
      whisperMessage("Bob", "hi"),
      potionExpiredMessage("Wisdom"),
      dungeonQueueMessage(),
      dungeonObjectiveMessage("The guild found the exit."),
      elementalRiftMessage(),
      riftOfPowerMessage(),
    ];
    expect(messages.map((m) => m.type)).toEqual([...NOTIFICATION_TYPES]);
    for (const m of [...messages, testMessage("")]) {
      expect(m.url.startsWith("/")).toBe(true);
      expect(m.title).not.toBe("");
      // A push message carries at most about 4 KB; these stay far below.
      expect(JSON.stringify(m).length).toBeLessThan(1000);
    }
  });

  it("cuts a long whisper", () => {
    const body = whisperMessage("Bob", "x".repeat(300)).body;
    expect(body).toHaveLength(180);
    expect(body.endsWith("…")).toBe(true);
    expect(testMessage("").body).toBe("Notifications reach this device.");
  });
});
