import { useToastStore } from "./toastStore";

/** Stack of toasts at the bottom-centre, above the chat box. Click a toast to dismiss it. */
export function Toasts() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    <section
      aria-live="polite"
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--chat-size)+1rem)] z-50 flex flex-col items-center gap-2 px-3"
    >
      {toasts.map((toast) => (
        <button
          key={toast.id}
          type="button"
          onClick={() => dismiss(toast.id)}
          className="pointer-events-auto w-full max-w-md animate-toast-in cursor-pointer rounded-lg border border-edge-bright border-l-4 border-l-primary-bright bg-night-800 px-4 py-3 text-left text-sm text-ink shadow-[0_12px_32px_-8px_rgb(0_0_0/0.8)]"
        >
          {toast.text}
        </button>
      ))}
    </section>
  );
}
