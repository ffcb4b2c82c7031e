import { create } from "zustand";
import { addToast, DEFAULT_TOAST_MS, removeToast, type Toast } from "./toastQueue";

interface ToastState {
  toasts: Toast[];
  push(text: string, durationMs?: number): number;
  dismiss(id: number): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  push(text, durationMs = DEFAULT_TOAST_MS) {
    const id = nextId++;
    const before = get().toasts;
    const after = addToast(before, { id, text, durationMs });
    // Toasts pushed out by the newest one no longer need their timers.
    for (const dropped of before) {
      if (!after.includes(dropped)) clearTimer(dropped.id);
    }
    set({ toasts: after });
    if (durationMs > 0 && Number.isFinite(durationMs)) {
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), durationMs),
      );
    }
    return id;
  },
  dismiss(id) {
    clearTimer(id);
    set((state) => ({ toasts: removeToast(state.toasts, id) }));
  },
}));

function clearTimer(id: number) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

/** Show a toast from anywhere (socket handlers, stores, components). */
export function pushToast(text: string, durationMs?: number): number {
  return useToastStore.getState().push(text, durationMs);
}
