import type { ReactNode } from "react";
import { SpireMark } from "../../components/icons/SpireMark";

/** Shown until the first result of the current activity arrives. */
export function WaitingCard({ children }: { children?: ReactNode }) {
  return (
    <section
      // About as tall as the result that replaces it, so what is below does not jump.
      className="panel grid min-h-[30rem] place-items-center content-center px-6 py-12 text-center"
      data-testid="waiting"
      aria-live="polite"
    >
      <SpireMark className="size-12 animate-pulse-soft" />
      <p className="mt-4 font-display text-lg font-bold text-ink">Waiting...</p>
      {children ? <p className="mt-1 max-w-sm text-sm text-ink-muted">{children}</p> : null}
    </section>
  );
}
