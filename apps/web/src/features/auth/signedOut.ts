import { create } from "zustand";

/**
 * Why the server ended the session (Invalid token, Token expired, Player not found), so the
 * redirect to the sign-in screen can say so. Kept in memory only; a deliberate sign-out or a
 * new session clears it.
 */
export const useSignedOutReason = create<{ reason: string | null }>()(() => ({ reason: null }));

export function setSignedOutReason(reason: string | null): void {
  useSignedOutReason.setState({ reason });
}

/** Sign-in screen address; with a reason it shows as the red message above the buttons. */
export function signInPath(reason: string | null): string {
  if (!reason) return "/login";
  const message = `Your session has ended (${reason}). Please sign in again.`;
  return `/login?message=${encodeURIComponent(message)}`;
}
