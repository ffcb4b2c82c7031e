/** A calm full-page placeholder while a screen's code loads (first visit to a lazy route). */
export function PageLoading() {
  return (
    <div className="grid min-h-dvh place-items-center" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-sm text-slate-400">
        <span className="h-8 w-8 animate-spin rounded-full border-2 border-violet-400/30 border-t-violet-300" />
        Loading…
      </div>
    </div>
  );
}
