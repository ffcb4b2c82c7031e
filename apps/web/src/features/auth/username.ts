import { isReservedName, NAME_RESERVED_ERROR } from "@manaspire/game";

/**
 * Username rules (spec 001 section 5): 3-20 letters or underscores, not starting or
 * ending with an underscore, no double underscores, not a reserved name (the shared rule,
 * as the server checks it). Input is limited to 20 characters.
 */

export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_MIN_LENGTH = 3;

export const USERNAME_ERRORS = {
  length: "Name must be 3–20 letters.",
  edgeUnderscore: "Name can't start or end with an underscore.",
  doubleUnderscore: "Name can't contain double underscores.",
  reserved: NAME_RESERVED_ERROR,
} as const;

const ALLOWED = /^[A-Za-z_]{3,20}$/;

/** The first broken rule's message, or null when the name is valid. */
export function validateUsername(name: string): string | null {
  if (!ALLOWED.test(name)) return USERNAME_ERRORS.length;
  if (name.startsWith("_") || name.endsWith("_")) return USERNAME_ERRORS.edgeUnderscore;
  if (name.includes("__")) return USERNAME_ERRORS.doubleUnderscore;
  if (isReservedName(name)) return USERNAME_ERRORS.reserved;
  return null;
}
