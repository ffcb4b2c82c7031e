import { expect } from "vitest";
import { type Player, stateOf, toastFor } from "./players";

/** Runs `act` and expects the toast `text` and the player's state (`stateOf`) left as it was. */
export async function expectRefused(p: Player, act: () => void, text: string): Promise<void> {
  const before = stateOf(p.loaded);
  expect(await toastFor(p, act)).toBe(text);
  expect(stateOf(p.loaded)).toBe(before);
}
