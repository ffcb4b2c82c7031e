/**
 * A screen's code that fails to load (a tab left open across a deploy asks for a chunk the
 * new build no longer has) reloads the page once, by itself: the new page loads the new
 * build. A second failure within a minute shows the error screen instead of looping.
 */

const KEY = "chunk-reload-at";
/** A reload this recent means the last one did not help. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** Whether an error is a failed dynamic import (wording differs by browser). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to load module script/i.test(
    message,
  );
}

/** Storage for the time of the last automatic reload (sessionStorage in the browser). */
export interface ReloadMemory {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Decides whether to reload for a failed chunk now: yes unless one such reload happened
 * within {@link CHUNK_RELOAD_WINDOW_MS}. Remembers the reload when it says yes.
 */
export function shouldReloadForChunk(memory: ReloadMemory | null, now = Date.now()): boolean {
  if (!memory) return false;
  let last = 0;
  try {
    last = Number(memory.getItem(KEY)) || 0;
  } catch {
    return false;
  }
  if (now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  try {
    memory.setItem(KEY, String(now));
  } catch {
    return false; // without memory a reload could loop
  }
  return true;
}

export function sessionMemory(): ReloadMemory | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
