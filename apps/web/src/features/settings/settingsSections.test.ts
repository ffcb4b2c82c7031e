import { describe, expect, it } from "vitest";
import { initialNotifications, reduceNotifications } from "../../store/slices/notifications";
import { setMenuItemShown } from "./MenuItemsSection";
import { referralEarnings, referrerLink } from "./ReferrerSection";

describe("settings sections", () => {
  it("builds the referrer link from the site and the player id", () => {
    expect(referrerLink("https://play.example.org", 42)).toBe(
      "https://play.example.org/login?ref=42",
    );
  });

  it("tells the Codex and shards earned from referrals", () => {
    expect(referralEarnings(0, 0)).toBe("Earned from referrals: 0 Codex and 0 Elemental Shards.");
    expect(referralEarnings(1250, 40)).toBe(
      "Earned from referrals: 1,250 Codex and 40 Elemental Shards.",
    );
  });

  it("hides and shows menu items without duplicates", () => {
    expect(setMenuItemShown([], "logo", false)).toEqual(["logo"]);
    expect(setMenuItemShown(["logo"], "logo", false)).toEqual(["logo"]);
    expect(setMenuItemShown(["logo", "news"], "logo", true)).toEqual(["news"]);
    expect(setMenuItemShown(["news"], "rankings", true)).toEqual(["news"]);
  });

  it("keeps the devices, the server's key and the community address", () => {
    const device = {
      token: "https://fcm.googleapis.com/fcm/send/x",
      name: "Phone",
      errorCount: 0,
      enabled: {
        QuestComplete: true,
        RefreshActions: true,
        Whisper: false,
        Potion: true,
        DungeonQueue: true,
        DungeonObjective: true,
        ElementalRift: true,
        RiftOfPower: true,
      },
    };
    const withDevices = reduceNotifications(initialNotifications, {
      type: "notificationSettings",
      data: { publicKey: "KEY", devices: [device] },
    });
    expect(withDevices).toEqual({ devices: [device], publicKey: "KEY", communityChatUrl: "" });
    const withLink = reduceNotifications(withDevices, {
      type: "serverLinks",
      data: { communityChatUrl: "https://chat.example.org" },
    });
    expect(withLink.communityChatUrl).toBe("https://chat.example.org");
    expect(reduceNotifications(withLink, { type: "pong", data: { serverTime: 1 } })).toBe(withLink);
  });
});
