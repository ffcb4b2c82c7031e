import { ChatRole } from "@manaspire/game";

/**
 * The roles the operator grants by name (`ADMIN_NAMES`, `MODERATOR_NAMES`). A listed player
 * has at least that role while the server runs with the list; their stored role
 * (`accounts.role`) is not changed, so taking a name off the list takes the role back.
 */
export class StaffNames {
  private readonly roles = new Map<string, number>();

  constructor(admins: readonly string[] = [], moderators: readonly string[] = []) {
    for (const name of moderators) this.roles.set(name.toLowerCase(), ChatRole.Moderator);
    // A name on both lists is an admin.
    for (const name of admins) this.roles.set(name.toLowerCase(), ChatRole.Admin);
  }

  /** Whether the name (any case) is on the admin or moderator list. */
  listed(name: string): boolean {
    return this.roles.has(name.toLowerCase());
  }

  /** The role a player has: the stored one, raised to the one their name is listed with. */
  roleOf(name: string, storedRole: number): number {
    return Math.max(storedRole, this.roles.get(name.toLowerCase()) ?? ChatRole.Player);
  }
}
