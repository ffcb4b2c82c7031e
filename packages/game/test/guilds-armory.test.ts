import { describe, expect, it } from "vitest";
import {
  ALL_GUILD_PERMISSIONS,
  ARMORY_FULL_TEXT,
  armoryActions,
  armorySpaceLeft,
  canDepositToArmory,
  depositRefusal,
  GuildPermission,
  GuildUpgrade,
} from "../src/index";

const bit = (b: number) => 1 << b;

describe("guild armory: deposit", () => {
  it("takes an unequipped item the player owns", () => {
    expect(depositRefusal({ name: "Staff", equipped: false, borrowed: false })).toBeNull();
  });
  it("refuses equipped, borrowed and lent-out items, naming why", () => {
    expect(depositRefusal({ name: "Staff", equipped: true, borrowed: false })).toBe(
      "Unequip Staff before depositing it.",
    );
    expect(depositRefusal({ name: "Staff", equipped: false, borrowed: true })).toMatch(/borrowed/);
    expect(depositRefusal({ name: "Staff", equipped: true, borrowed: true })).toMatch(/borrowed/);
    expect(
      depositRefusal({ name: "Staff", equipped: false, borrowed: false, lentOut: true }),
    ).toMatch(/lent/);
  });
  it("needs Donate Items (bit 5); no guild means no permission", () => {
    expect(canDepositToArmory(bit(GuildPermission.DonateItems))).toBe(true);
    expect(canDepositToArmory(ALL_GUILD_PERMISSIONS & ~bit(GuildPermission.DonateItems))).toBe(
      false,
    );
    expect(canDepositToArmory(undefined)).toBe(false);
    expect(GuildPermission.DonateItems).toBe(5);
  });
});

describe("guild armory: capacity", () => {
  it("is 200 + 50 per Cloakroom level, lent items included", () => {
    expect(armorySpaceLeft(0, {})).toBe(200);
    expect(armorySpaceLeft(199, {})).toBe(1);
    expect(armorySpaceLeft(200, {})).toBe(0);
    expect(armorySpaceLeft(200, { [GuildUpgrade.Cloakroom]: 1 })).toBe(50);
    expect(armorySpaceLeft(1200, { [GuildUpgrade.Cloakroom]: 20 })).toBe(0);
    expect(armorySpaceLeft(260, {})).toBe(0); // never negative
    expect(ARMORY_FULL_TEXT).toMatch(/full/);
  });
});

describe("guild armory: actions by permission", () => {
  const borrow = bit(GuildPermission.BorrowItems);
  const retrieve = bit(GuildPermission.RetrieveItems);
  const revoke = bit(GuildPermission.RevokeItems);

  it("uses bits 6 (borrow), 7 (retrieve) and 8 (revoke)", () => {
    expect([borrow, retrieve, revoke]).toEqual([64, 128, 256]);
  });

  it("borrow and retrieve only an item nobody holds, each with its bit", () => {
    expect(armoryActions(borrow, {}, "Ann")).toEqual({
      borrow: true,
      retrieve: false,
      revoke: false,
      giveBack: false,
    });
    expect(armoryActions(retrieve, {}, "Ann")).toMatchObject({ borrow: false, retrieve: true });
    expect(armoryActions(borrow | retrieve, { borrowerName: "Bob" }, "Ann")).toMatchObject({
      borrow: false,
      retrieve: false,
    });
  });

  it("revoke only someone else's loan with bit 8; the borrower gives back", () => {
    expect(armoryActions(revoke, { borrowerName: "Bob" }, "Ann").revoke).toBe(true);
    expect(armoryActions(borrow, { borrowerName: "Bob" }, "Ann").revoke).toBe(false);
    expect(armoryActions(revoke, {}, "Ann").revoke).toBe(false);
    const mine = armoryActions(ALL_GUILD_PERMISSIONS, { borrowerName: "ann" }, "Ann");
    expect(mine).toEqual({ borrow: false, retrieve: false, revoke: false, giveBack: true });
  });

  it("gives nothing without a guild", () => {
    expect(armoryActions(undefined, {}, "Ann")).toEqual({
      borrow: false,
      retrieve: false,
      revoke: false,
      giveBack: false,
    });
  });
});
