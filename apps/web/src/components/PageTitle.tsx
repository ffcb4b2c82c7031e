import type { ReactNode } from "react";

/** Screen heading with an optional subtitle, used by the in-game pages. */
export function PageTitle({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <header className="mb-5">
      <h1 className="text-glow text-2xl font-bold text-ink sm:text-3xl">{children}</h1>
      {subtitle ? <p className="mt-1 text-sm text-ink-muted">{subtitle}</p> : null}
      <div
        aria-hidden="true"
        className="mt-3 h-px w-full bg-linear-to-r from-gold/60 via-primary/40 to-transparent"
      />
    </header>
  );
}
