import { describe, expect, it } from "vitest";
import {
  allNotificationTypes,
  cutDeviceName,
  isNotificationType,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  PUSH_PERMISSION_TEXTS,
} from "../src/index";

describe("notification settings", () => {
  it("has the spec's eight types with their labels", () => {
    expect(NOTIFICATION_TYPES.map((t) => NOTIFICATION_TYPE_LABELS[t])).toEqual([
      "Quest Complete",
      "Fatigue",
      "Whisper",
      "Potion Expired",
      "DungeonQueue",
      "Guild Dungeon Objective",
      "ElementalRift",
      "RiftOfPower",
    ]);
    expect(Object.values(allNotificationTypes()).every(Boolean)).toBe(true);
    expect(isNotificationType("Whisper")).toBe(true);
    expect(isNotificationType("whisper")).toBe(false);
    expect(isNotificationType("__proto__")).toBe(false);
  });

  it("cuts device names to 10 characters without splitting an emoji", () => {
    expect(cutDeviceName("My phone")).toBe("My phone");
    expect(cutDeviceName("Living room PC")).toBe("Living roo");
    expect(cutDeviceName("123456789🧙")).toBe("123456789");
    expect(cutDeviceName("12345678🧙x")).toBe("12345678🧙");
  });

  it("has the permission texts of spec section 4", () => {
    expect(PUSH_PERMISSION_TEXTS.default).toBe("Waiting for browser permissions");
    expect(PUSH_PERMISSION_TEXTS.denied).toBe("Notifications blocked, check browser settings");
  });
});
