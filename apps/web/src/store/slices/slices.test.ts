import type { ChatEntry, Item } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { CHAT_LIMIT, initialChat, reduceChat } from "./chat";
import { initialInventory, reduceInventory } from "./inventory";

const line = (id: number): ChatEntry => ({
  id,
  timestamp: id,
  channel: 1,
  senderId: 1,
  senderRole: 0,
  senderTitle: "",
  senderTitleColor: "",
  senderName: "Merlin",
  message: [{ kind: 1, text: `line ${id}` }],
});

const item = (id: number): Item => ({
  id,
  name: `Staff ${id}`,
  level: 1,
  rarity: 1,
  slot: 1,
  boosts: { 8: 5 },
  favorite: false,
  infusions: 0,
  quality: 0.5,
  isEquipped: false,
  upgradeChance: 0.5,
});

describe("chat slice", () => {
  it("keeps history and lines newest first, without duplicates, capped at 1000", () => {
    let state = reduceChat(initialChat, {
      type: "chatHistory",
      data: { entries: [line(1), line(2)] },
    });
    state = reduceChat(state, { type: "chatLine", data: { entry: line(3) } });
    state = reduceChat(state, { type: "chatLine", data: { entry: line(3) } });
    expect(state.lines.map((l) => l.id)).toEqual([3, 2, 1]);
    const many = Array.from({ length: CHAT_LIMIT + 50 }, (_, i) => line(i + 10));
    state = reduceChat(state, { type: "chatHistory", data: { entries: many } });
    expect(state.lines).toHaveLength(CHAT_LIMIT);
    expect(state.lines[0]?.id).toBe(CHAT_LIMIT + 59);
  });

  it("removes a deleted line", () => {
    const state = reduceChat(initialChat, {
      type: "chatHistory",
      data: { entries: [line(1), line(2)] },
    });
    expect(
      reduceChat(state, { type: "chatDeleted", data: { id: 1 } }).lines.map((l) => l.id),
    ).toEqual([2]);
  });
});

describe("inventory slice", () => {
  it("replaces the list, upserts and removes single items", () => {
    let state = reduceInventory(initialInventory, { type: "item", data: { id: 1, item: item(1) } });
    expect(state.loaded).toBe(false);
    state = reduceInventory(state, { type: "inventory", data: { items: [item(1), item(2)] } });
    expect(Object.keys(state.items)).toEqual(["1", "2"]);
    state = reduceInventory(state, { type: "item", data: { id: 3, item: item(3) } });
    state = reduceInventory(state, { type: "item", data: { id: 1 } });
    expect(Object.keys(state.items)).toEqual(["2", "3"]);
  });
});
