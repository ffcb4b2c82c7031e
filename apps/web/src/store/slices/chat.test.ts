import { describe, expect, it } from "vitest";
import { clearWireTarget, initialChat, reduceChat } from "./chat";

describe("chat slice: history, channels and the wire target", () => {
  it("notes that the history has loaded, even when it is empty", () => {
    expect(initialChat.historyLoaded).toBe(false);
    const state = reduceChat(initialChat, { type: "chatHistory", data: { entries: [] } });
    expect(state.historyLoaded).toBe(true);
  });

  it("keeps channels and the ignore list", () => {
    let state = reduceChat(initialChat, { type: "channels", data: { channels: [1, 2, 3, 5, 7] } });
    state = reduceChat(state, { type: "ignoreList", data: { names: ["Bob"] } });
    expect(state.channels).toEqual([1, 2, 3, 5, 7]);
    expect(state.ignored).toEqual(["Bob"]);
  });

  it("opens and closes the transfer dialog target", () => {
    const state = reduceChat(initialChat, {
      type: "wireTarget",
      data: { playerId: 4, name: "Bob" },
    });
    expect(state.wireTarget).toEqual({ playerId: 4, name: "Bob" });
    expect(clearWireTarget(state).wireTarget).toBeNull();
    expect(clearWireTarget(initialChat)).toBe(initialChat);
  });
});
