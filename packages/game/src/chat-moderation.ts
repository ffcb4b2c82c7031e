/**
 * Chat moderation rules shared by the server (the staff slash commands) and the browser (its
 * moderation tools), so both read the same limits.
 */

/** Roles as chat lines and the player state carry them (`accounts.role`). */
export const ChatRole = { Player: 0, Moderator: 1, Admin: 2 } as const;
export type ChatRole = (typeof ChatRole)[keyof typeof ChatRole];

/** Moderators and admins may mute, unmute and delete lines. */
export function isChatStaff(role: number): boolean {
  return role >= ChatRole.Moderator;
}

/** Shortest mute, in minutes. */
export const MIN_MUTE_MINUTES = 1;
/** Longest mute, in minutes (one year). */
export const MAX_MUTE_MINUTES = 525_600;
