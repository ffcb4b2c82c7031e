import { applyUpdate, useUpdateStore } from "./serviceWorker";

/** "A new version is ready": shown when a deployed version has installed in the background. */
export function UpdatePrompt() {
  const waiting = useUpdateStore((state) => state.waiting);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 top-16 z-50 mx-auto flex max-w-md animate-toast-in items-center gap-3 rounded-xl border border-edge-bright bg-night-800 px-4 py-3 text-sm text-ink shadow-[0_12px_32px_-8px_rgb(0_0_0/0.8)]"
    >
      <p className="min-w-0 flex-1">A new version of Manaspire is ready.</p>
      <button
        type="button"
        className="btn btn-ghost min-h-11"
        onClick={() => useUpdateStore.setState({ waiting: null })}
      >
        Later
      </button>
      <button type="button" className="btn btn-primary min-h-11" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
