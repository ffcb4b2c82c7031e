import { useEffect, useState } from "react";

/** An identity provider this server offers (GET /api/auth/providers). */
export interface SignInProvider {
  id: string;
  name: string;
}

export interface SignInMethods {
  providers: SignInProvider[];
  /** Name-and-password accounts and guests (always offered today). */
  password: boolean;
  guest: boolean;
}

const FALLBACK: SignInMethods = { providers: [], password: true, guest: true };

/** Reads the answer of GET /api/auth/providers; anything malformed offers no provider. */
export function parseSignInMethods(body: unknown): SignInMethods {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const list = Array.isArray(record.providers) ? record.providers : [];
  const providers = list.flatMap((p): SignInProvider[] => {
    const entry = typeof p === "object" && p !== null ? (p as Record<string, unknown>) : {};
    return typeof entry.id === "string" && typeof entry.name === "string"
      ? [{ id: entry.id, name: entry.name }]
      : [];
  });
  return { providers, password: record.password !== false, guest: record.guest !== false };
}

let cached: Promise<SignInMethods> | undefined;

/** The sign-in methods of this server, fetched once per page load. */
export function loadSignInMethods(): Promise<SignInMethods> {
  cached ??= fetch("/api/auth/providers")
    .then((res) => (res.ok ? res.json() : null))
    .then(parseSignInMethods)
    .catch(() => {
      cached = undefined; // try again next time
      return FALLBACK;
    });
  return cached;
}

/** The sign-in methods, or null while they load. */
export function useSignInMethods(): SignInMethods | null {
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  useEffect(() => {
    let live = true;
    loadSignInMethods().then((m) => {
      if (live) setMethods(m);
    });
    return () => {
      live = false;
    };
  }, []);
  return methods;
}
