import { validateNewPassword } from "./password";
import { validateUsername } from "./username";

export type AuthMode = "signin" | "register";

/** Client-side check before sending the form; returns the message to show, or null. */
export function validateLoginForm(
  mode: AuthMode,
  username: string,
  password: string,
): string | null {
  if (mode === "register") {
    return validateUsername(username) ?? validateNewPassword(password);
  }
  if (username.trim() === "") return "Enter your username.";
  if (password === "") return "Enter your password.";
  return null;
}
