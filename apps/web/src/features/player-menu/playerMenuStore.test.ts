import { afterEach, describe, expect, it } from "vitest";
import { askMute, closeMute, openPlayerMenu, usePlayerMenu } from "./playerMenuStore";

/** What openPlayerMenu reads of the name button. */
const trigger = {
  getBoundingClientRect: () => ({ left: 10, top: 20, width: 30, height: 12 }),
} as unknown as HTMLElement;

afterEach(() => usePlayerMenu.setState({ menu: null, confirmIgnore: null, muteName: null }));

describe("player-name menu state", () => {
  it("remembers the named player's role when the name came with one", () => {
    openPlayerMenu("Bob", trigger, 1);
    expect(usePlayerMenu.getState().menu).toMatchObject({ name: "Bob", role: 1 });
    openPlayerMenu("Kit", trigger);
    expect(usePlayerMenu.getState().menu?.role).toBeUndefined();
  });

  it("Mute… closes the menu and opens the mute dialog for that player", () => {
    openPlayerMenu("Bob", trigger, 0);
    askMute("Bob");
    expect(usePlayerMenu.getState()).toMatchObject({ menu: null, muteName: "Bob" });
    closeMute();
    expect(usePlayerMenu.getState().muteName).toBeNull();
  });
});
