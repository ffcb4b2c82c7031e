import { GuildPermission, guildArmoryCapacity, hasGuildPermission } from "./guilds";

/**
 * Guild armory rules (spec 001 sections 3, 4, 6 and 9; issue 10). Pure: the server refuses with
 * these texts, the browser shows only the actions they allow.
 *
 * - Deposit (Donate Items, bit 5): an item the member owns and holds, not equipped; the
 *   armory must have room (200 + 50 per Cloakroom level, lent items included).
 * - Borrow (Borrow Items, bit 6): an item in the armory, not lent; it shows as borrowed in the
 *   borrower's inventory and may be equipped, nothing else (not sold, sent, listed,
 *   disenchanted, deposited, upgraded, enchanted or favourited).
 * - Retrieve (Retrieve Items, bit 7): an item in the armory, not lent, out for good into the
 *   member's own inventory.
 * - Revoke (Revoke Items, bit 8): a lent item goes back to the armory, unequipped.
 * - Return: the borrower gives their loan back (no permission needed). Leaving or being
 *   kicked returns every loan.
 */

/** What the armory needs to know of an item the player wants to deposit. */
export interface DepositCandidate {
  name: string;
  equipped: boolean;
  /** Lent to the player (by a player or the guild): not theirs to give. */
  borrowed: boolean;
  /** The player's own item lent to someone else. */
  lentOut?: boolean;
}

export const ARMORY_FULL_TEXT = "The guild armory is full.";

/** Why the item cannot go into the armory, or null. */
export function depositRefusal(item: DepositCandidate): string | null {
  if (item.lentOut) return `${item.name} is lent to someone; take it back first.`;
  if (item.borrowed) return "That item is borrowed; only its owner can deposit it.";
  if (item.equipped) return `Unequip ${item.name} before depositing it.`;
  return null;
}

/** Items the armory may still take (never below 0). */
export function armorySpaceLeft(
  itemCount: number,
  upgrades: Readonly<Record<number, number>>,
): number {
  return Math.max(0, guildArmoryCapacity(upgrades) - itemCount);
}

/** An item as the armory screen sees it. */
export interface ArmoryEntry {
  /** The member holding it on loan, if any. */
  borrowerName?: string;
}

/** The actions a member may take on an armory item. */
export interface ArmoryActions {
  borrow: boolean;
  retrieve: boolean;
  revoke: boolean;
  /** The viewer holds it on loan. */
  giveBack: boolean;
}

/**
 * What a member with `permission` (undefined: no guild) may do with an armory item. Names
 * compare without case, as player names are unique regardless of case.
 */
export function armoryActions(
  permission: number | undefined,
  entry: ArmoryEntry,
  viewerName: string,
): ArmoryActions {
  const lent = entry.borrowerName !== undefined && entry.borrowerName !== "";
  const mine = lent && entry.borrowerName!.toLowerCase() === viewerName.toLowerCase();
  return {
    borrow: !lent && hasGuildPermission(permission, GuildPermission.BorrowItems),
    retrieve: !lent && hasGuildPermission(permission, GuildPermission.RetrieveItems),
    revoke: lent && !mine && hasGuildPermission(permission, GuildPermission.RevokeItems),
    giveBack: mine,
  };
}

/** Whether a member may deposit at all. */
export function canDepositToArmory(permission: number | undefined): boolean {
  return hasGuildPermission(permission, GuildPermission.DonateItems);
}
