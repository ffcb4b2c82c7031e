import type { Db } from "./client";

/** The database or an open transaction. */
export type Runner = Pick<Db, "execute" | "insert" | "select" | "update" | "delete">;

/** The rows of a raw query's result, whichever driver ran it. */
export function resultRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
