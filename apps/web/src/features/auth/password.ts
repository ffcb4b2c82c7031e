/** Minimum password length when creating an account. */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters.";

/** Error message for a new account's password, or null when acceptable. */
export function validateNewPassword(password: string): string | null {
  return password.length < PASSWORD_MIN_LENGTH ? PASSWORD_TOO_SHORT : null;
}
