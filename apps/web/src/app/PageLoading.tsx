import { cx } from "../lib/cx";

/**
 * A calm placeholder while a screen's code loads (a lazy screen opened directly): the whole
 * page outside the shell, the content area inside it. Inside the shell it is a screen tall,
 * so what lies below the content on a phone (the loot tracker) starts out of sight and the
 * screen that replaces it moves nothing in view (no layout shift).
 */
export function PageLoading({ inShell = false }: { inShell?: boolean }) {
  return (
    <div
      className={cx(
        "grid min-h-dvh justify-items-center",
        inShell ? "items-start pt-24" : "items-center",
      )}
      role="status"
      aria-live="polite"
      data-testid="page-loading"
    >
      <div className="flex flex-col items-center gap-3 text-sm text-slate-400">
        <span className="h-8 w-8 animate-spin rounded-full border-2 border-violet-400/30 border-t-violet-300" />
        Loading…
      </div>
    </div>
  );
}
