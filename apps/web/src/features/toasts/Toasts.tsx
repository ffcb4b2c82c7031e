import { useRef } from "react";
import { cx } from "../../lib/cx";
import { useToastStore } from "./toastStore";
import { useToastEdge } from "./useToastEdge";

/**
 * Stack of toasts, never over the control that caused them and always on screen. On wide
 * screens (lg) at the top of the loot tracker's column, under the top bar; on narrow ones
 * at the top of the screen, over the top bar. If there they would cover the control the
 * player last used, they go to the bottom, above the chat (useToastEdge). Click a toast to
 * dismiss it.
 */
export function Toasts() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  const stackRef = useRef<HTMLElement>(null);
  const { edge, bottomPx } = useToastEdge(stackRef, toasts);

  return (
    <section
      ref={stackRef}
      aria-live="polite"
      aria-label="Notifications"
      data-edge={edge}
      style={edge === "bottom" ? { top: "auto", bottom: bottomPx } : undefined}
      className={cx(
        "pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 px-3 lg:pl-0",
        "top-[max(0.5rem,env(safe-area-inset-top))] lg:top-[calc(3.5rem+1px+0.75rem)]",
        // The loot tracker's column (MainLayout's grid).
        "lg:left-auto lg:w-[15rem] xl:w-[16rem] 2xl:w-[18rem]",
      )}
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
