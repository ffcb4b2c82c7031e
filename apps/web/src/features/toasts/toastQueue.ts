/** Pure toast-list logic (spec: default 4 s, at most 3 visible, newest replaces oldest). */

export const DEFAULT_TOAST_MS = 4000;
export const MAX_VISIBLE_TOASTS = 3;

export interface Toast {
  id: number;
  text: string;
  durationMs: number;
}

/** Append a toast, dropping the oldest ones beyond `max`. */
export function addToast(list: readonly Toast[], toast: Toast, max = MAX_VISIBLE_TOASTS): Toast[] {
  const next = [...list, toast];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function removeToast(list: readonly Toast[], id: number): Toast[] {
  return list.filter((toast) => toast.id !== id);
}
