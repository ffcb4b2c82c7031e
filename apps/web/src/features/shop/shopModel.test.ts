import { describe, expect, it } from "vitest";
import {
  CHECKOUT_WAIT_MS,
  checkoutDisabled,
  checkoutPending,
  mayColorTitle,
  qolButton,
  timeLeft,
  titleSaveDisabled,
  unlockState,
  usernameState,
} from "./shopModel";

const DAY = 86_400_000;

describe("the shop's buttons", () => {
  it("checkout waits for the waiver and for a checkout in progress", () => {
    expect(checkoutDisabled({ pending: false, waiver: true })).toBe(false);
    expect(checkoutDisabled({ pending: false, waiver: false })).toBe(true);
    expect(checkoutDisabled({ pending: true, waiver: true })).toBe(true);
    expect(checkoutPending(0, 5)).toBe(false);
    expect(checkoutPending(1000, 1000 + CHECKOUT_WAIT_MS - 1)).toBe(true);
    expect(checkoutPending(1000, 1000 + CHECKOUT_WAIT_MS)).toBe(false);
  });

  it("Unlock is disabled below the remaining cost of the next title", () => {
    expect(unlockState({ 109: 12 }, 7)).toMatchObject({ name: "Adept", cost: 8, disabled: true });
    expect(unlockState({ 109: 12 }, 8)).toMatchObject({ disabled: false });
    expect(unlockState({ 109: 9000 }, 100)).toBeNull();
  });

  it("the colour picker needs 50 Ascension; Save needs a change", () => {
    expect(mayColorTitle({ 109: 49 })).toBe(false);
    expect(mayColorTitle({ 109: 50 })).toBe(true);
    const saved = { title: "Magus", color: "#33cc99" };
    expect(titleSaveDisabled(saved, { title: "Magus", color: "#33CC99" })).toBe(true);
    expect(titleSaveDisabled(saved, { title: "Magus", color: "#33cc98" })).toBe(false);
    expect(titleSaveDisabled(saved, { title: "Sage", color: "#33cc99" })).toBe(false);
    expect(titleSaveDisabled({ title: "", color: "" }, { title: "", color: "#ffffff" })).toBe(true);
  });

  it("Quality of Life reads Purchase or Extend, disabled under 5, expiring within 3 days", () => {
    const now = 1_800_000_000_000;
    expect(qolButton(0, 5, now)).toEqual({
      active: false,
      label: "Purchase",
      disabled: false,
      expiring: false,
    });
    expect(qolButton(now + 2 * DAY, 4, now)).toEqual({
      active: true,
      label: "Extend",
      disabled: true,
      expiring: true,
    });
    expect(timeLeft(now + 2 * DAY + 3 * 3_600_000, now)).toBe("2 days 3 hours");
    expect(timeLeft(now + 90_000, now)).toBe("2 minutes");
  });

  it("the username card shows the spec's rule messages and needs 5 Crystallized Mana", () => {
    expect(usernameState("", "Ann", 5)).toMatchObject({ error: null, disabled: true });
    expect(usernameState("ab", "Ann", 5).error).toBe("Name must be 3–20 letters.");
    expect(usernameState("_abc", "Ann", 5).error).toBe(
      "Name can't start or end with an underscore.",
    );
    expect(usernameState("a__bc", "Ann", 5).error).toBe("Name can't contain double underscores.");
    expect(usernameState("Merlin", "Ann", 5)).toMatchObject({ error: null, disabled: false });
    expect(usernameState("Merlin", "Ann", 4).disabled).toBe(true);
    expect(usernameState("Ann", "Ann", 5).disabled).toBe(true);
  });
});
