import { describe, expect, it } from "vitest";
import {
  ACTIONS_PER_CODEX,
  applyRenewal,
  BASE_MAX_ACTIONS,
  canAct,
  maxActions,
  refreshActions,
  spendAction,
} from "../src/index";

describe("actions", () => {
  it("has a base max plus 5 per Actions boost point", () => {
    expect(ACTIONS_PER_CODEX).toBe(5);
    expect(maxActions({})).toBe(BASE_MAX_ACTIONS);
    expect(maxActions({ 105: 10 })).toBe(BASE_MAX_ACTIONS + 50);
    expect(maxActions({ 105: 10 }, 10)).toBe(Math.floor((BASE_MAX_ACTIONS + 50) * 1.1));
  });

  it("spends one action per action and refreshes to max", () => {
    expect(spendAction(3)).toBe(2);
    expect(spendAction(0)).toBe(0);
    expect(canAct(1)).toBe(true);
    expect(canAct(0)).toBe(false);
    expect(refreshActions(0, 1050)).toBe(1050);
    expect(refreshActions(999, 1050)).toBe(1050);
  });

  it("restores 200 x tier actions per Renewal potion, boosted, up to the max", () => {
    expect(applyRenewal(0, 5000, 2, {})).toBe(400);
    expect(applyRenewal(0, 5000, 2, { 108: 50 })).toBe(600);
    expect(applyRenewal(900, 1000, 3, {})).toBe(1000);
  });
});
