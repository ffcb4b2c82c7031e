import { ChatChannel } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import {
  ALL_TAB,
  chatTabs,
  effectiveSendChannel,
  linesOfTab,
  markSeen,
  maxLineId,
  sendableChannels,
  sendChannelAfterTab,
  tabLabel,
  tabsClearedBy,
  unreadCounts,
  withoutIgnored,
} from "./chatTabs";

const { General, Trade, Help, Guild, Global, Whispers, Notifications } = ChatChannel;
const SERVER_CHANNELS = [General, Trade, Help, Global, Notifications];
const TABS = chatTabs(SERVER_CHANNELS);
const SELF = 9;

const line = (id: number, channel: number, senderId = 1) => ({ id, channel, senderId });

describe("tabs", () => {
  it("are All, Whispers, then the joined channels in the server's order", () => {
    expect(TABS).toEqual([ALL_TAB, Whispers, General, Trade, Help, Global, Notifications]);
    expect(chatTabs([General, Trade, Guild, Help, Global, Notifications])).toEqual([
      ALL_TAB,
      Whispers,
      General,
      Trade,
      Guild,
      Help,
      Global,
      Notifications,
    ]);
    expect(chatTabs([General, Whispers, General, 99])).toEqual([ALL_TAB, Whispers, General]);
    expect(TABS.map(tabLabel)).toEqual([
      "All",
      "Whispers",
      "General",
      "Trade",
      "Help",
      "Global",
      "Notifications",
    ]);
  });

  it("show all lines under All and a channel's lines under its tab", () => {
    const lines = [line(3, Trade), line(2, Whispers), line(1, General)];
    expect(linesOfTab(lines, ALL_TAB)).toBe(lines);
    expect(linesOfTab(lines, Whispers).map((l) => l.id)).toEqual([2]);
    expect(linesOfTab(lines, Trade).map((l) => l.id)).toEqual([3]);
  });
});

describe("unread counts", () => {
  const lines = [
    line(10, General),
    line(11, Trade),
    line(12, Whispers),
    line(13, Notifications, 0),
    line(14, General, SELF),
    line(15, Help),
  ];

  it("count nothing before the history has loaded", () => {
    const counts = unreadCounts({
      lines,
      tabs: TABS,
      seen: {},
      baseline: null,
      view: ALL_TAB,
      selfId: SELF,
    });
    expect(Object.values(counts).every((c) => c === 0)).toBe(true);
  });

  it("count lines after the baseline per tab, never the player's own", () => {
    const counts = unreadCounts({
      lines,
      tabs: TABS,
      seen: {},
      baseline: 9,
      view: null,
      selfId: SELF,
    });
    expect(counts).toEqual({
      [ALL_TAB]: 5,
      [Whispers]: 1,
      [General]: 1,
      [Trade]: 1,
      [Help]: 1,
      [Global]: 0,
      [Notifications]: 1,
    });
  });

  it("clear the viewed tab only", () => {
    const counts = unreadCounts({
      lines,
      tabs: TABS,
      seen: {},
      baseline: 9,
      view: Trade,
      selfId: SELF,
    });
    expect(counts[Trade]).toBe(0);
    expect(counts[General]).toBe(1);
    expect(counts[ALL_TAB]).toBe(5);
    expect(counts[Whispers]).toBe(1);
  });

  it("keep only Whispers and Notifications unread while All is viewed", () => {
    const counts = unreadCounts({
      lines,
      tabs: TABS,
      seen: {},
      baseline: 9,
      view: ALL_TAB,
      selfId: SELF,
    });
    expect(counts).toEqual({
      [ALL_TAB]: 0,
      [Whispers]: 1,
      [General]: 0,
      [Trade]: 0,
      [Help]: 0,
      [Global]: 0,
      [Notifications]: 1,
    });
  });

  it("count only lines newer than what was seen in each tab", () => {
    const seen = { [ALL_TAB]: 12, [General]: 10, [Whispers]: 12 };
    const counts = unreadCounts({ lines, tabs: TABS, seen, baseline: 9, view: null, selfId: SELF });
    expect(counts[ALL_TAB]).toBe(2);
    expect(counts[Whispers]).toBe(0);
    expect(counts[General]).toBe(0);
    expect(counts[Trade]).toBe(1);
  });

  it("ignore lines of tabs the player has not joined", () => {
    const counts = unreadCounts({
      lines: [line(20, Guild)],
      tabs: TABS,
      seen: {},
      baseline: 0,
      view: null,
      selfId: SELF,
    });
    expect(counts[Guild]).toBeUndefined();
    expect(counts[ALL_TAB]).toBe(1);
  });
});

describe("markSeen", () => {
  it("records the newest id for the tabs the view clears", () => {
    expect(markSeen({}, Trade, TABS, 20)).toEqual({ [Trade]: 20 });
    expect(markSeen({}, ALL_TAB, TABS, 20)).toEqual({
      [ALL_TAB]: 20,
      [General]: 20,
      [Trade]: 20,
      [Help]: 20,
      [Global]: 20,
    });
  });

  it("returns the same object when nothing changes", () => {
    const seen = { [Trade]: 20 };
    expect(markSeen(seen, Trade, TABS, 20)).toBe(seen);
    expect(markSeen(seen, null, TABS, 25)).toBe(seen);
  });

  it("clears nothing for a collapsed box or a tab that is gone", () => {
    expect(tabsClearedBy(null, TABS)).toEqual([]);
    expect(tabsClearedBy(Guild, TABS)).toEqual([]);
  });

  it("after viewing, the counts stay cleared when switching away", () => {
    const lines = [line(30, Trade), line(31, Whispers)];
    const seen = markSeen({}, ALL_TAB, TABS, maxLineId(lines));
    const counts = unreadCounts({ lines, tabs: TABS, seen, baseline: 0, view: Help, selfId: SELF });
    expect(counts[Trade]).toBe(0);
    expect(counts[ALL_TAB]).toBe(0);
    expect(counts[Whispers]).toBe(1);
  });
});

describe("send channel", () => {
  it("follows channel tabs but not All, Whispers, Global or Notifications", () => {
    expect(sendChannelAfterTab(Trade, General)).toBe(Trade);
    expect(sendChannelAfterTab(Help, null)).toBe(Help);
    expect(sendChannelAfterTab(Guild, General)).toBe(Guild);
    for (const tab of [ALL_TAB, Whispers, Global, Notifications]) {
      expect(sendChannelAfterTab(tab, Trade)).toBe(Trade);
    }
  });

  it("can go to joined channels except Whispers and Notifications; Global for staff", () => {
    expect(sendableChannels(SERVER_CHANNELS, false)).toEqual([General, Trade, Help]);
    expect(sendableChannels(SERVER_CHANNELS, true)).toEqual([General, Trade, Help, Global]);
    expect(sendableChannels([General, Trade, Guild, Help], false)).toEqual([
      General,
      Trade,
      Guild,
      Help,
    ]);
  });

  it("is none when the chosen channel cannot be sent to", () => {
    expect(effectiveSendChannel(Guild, [General, Trade])).toBeNull();
    expect(effectiveSendChannel(Trade, [General, Trade])).toBe(Trade);
    expect(effectiveSendChannel(null, [General])).toBeNull();
  });
});

describe("ignored players", () => {
  it("drops their lines, but never system lines", () => {
    const lines = [
      { id: 1, channel: General, senderId: 2, senderName: "Bob" },
      { id: 2, channel: General, senderId: 3, senderName: "Cara" },
      { id: 3, channel: Notifications, senderId: 0, senderName: "System" },
    ];
    expect(withoutIgnored(lines, [])).toBe(lines);
    expect(withoutIgnored(lines, ["bob", "system"]).map((l) => l.id)).toEqual([2, 3]);
  });
});
