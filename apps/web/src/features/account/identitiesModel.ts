import type { IdentityList } from "../../store/slices/account";
import type { SignInProvider } from "../auth/signInProviders";

export type Identity = IdentityList["identities"][number];

/** The spec's guest warning (spec 001 section 2, account identities page). */
export const GUEST_NOTICE = "You are currently using a guest account.";
export const GUEST_WARNING =
  "Please link an identity provider or you will lose access to your account.";

/** The name of a sign-in method as a player reads it. */
export function identityLabel(provider: string, offered: readonly SignInProvider[]): string {
  if (provider === "local") return "Name and password";
  const found = offered.find((p) => p.id === provider);
  if (found) return found.name;
  return provider.slice(0, 1).toUpperCase() + provider.slice(1);
}

/** What identifies the account at the provider: its e-mail address, else its id. */
export function identityDetail(identity: Identity): string {
  if (identity.provider === "local") return `Signs in as ${identity.providerId}`;
  return identity.email ?? `Account ${identity.providerId}`;
}

/** "Linked 3 Jun 2025". */
export function linkedOn(createdAt: number, locale?: string): string {
  const date = new Date(createdAt * 1000).toLocaleDateString(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return `Linked ${date}`;
}

/** Removing is refused by the server when it is the account's last way to sign in. */
export function canRemove(list: readonly Identity[]): boolean {
  return list.length > 1;
}
