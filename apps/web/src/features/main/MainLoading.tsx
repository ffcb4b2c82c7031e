import { SpireMark } from "../../components/icons/SpireMark";

/** Until the first player state arrives: the shape of the main view, gently shimmering. */
export function MainLoading() {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4" data-testid="main-loading" aria-busy="true">
      <div className="panel flex min-h-[10.5rem] items-center gap-4 px-5 py-4 sm:min-h-0">
        <div className="skeleton size-14 shrink-0 rounded-xl" />
        <div className="flex-1 space-y-2">
          <div className="skeleton h-3 w-24" />
          <div className="skeleton h-5 w-48 max-w-full" />
        </div>
      </div>
      <div className="panel grid min-h-[30rem] place-items-center content-center px-6 py-14 text-center">
        <SpireMark className="size-14 animate-pulse-soft" />
        <p className="mt-4 font-display text-lg font-bold text-ink">Entering the spire…</p>
        <p className="mt-1 text-sm text-ink-muted">Gathering your mage's state from the server.</p>
      </div>
    </div>
  );
}
