import type { ReactNode } from "react";
import { Link } from "react-router";
import { SpireMark } from "../../components/icons/SpireMark";
import { LegalFooter } from "./LegalFooter";

export const LEGAL_LAST_UPDATED = "June 2025";

/** Frame for /privacy, /terms, /about and /developers: outside the game layout, readable prose. */
export function LegalPage({
  title,
  updated = LEGAL_LAST_UPDATED,
  children,
}: {
  title: string;
  /** When the page's text last changed ("June 2025"). */
  updated?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-full flex-col">
      <header className="border-b border-edge/70 bg-night-900/60 backdrop-blur">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-display text-lg font-bold text-ink">
            <SpireMark className="size-7" />
            Manaspire
          </Link>
          <nav aria-label="Legal pages" className="flex gap-4 text-sm text-ink-muted">
            <Link to="/" className="hover:text-ink">
              Login
            </Link>
            <Link to="/terms" className="hidden hover:text-ink sm:inline">
              Terms of Service
            </Link>
            <Link to="/privacy" className="hidden hover:text-ink sm:inline">
              Privacy Policy
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <article className="panel px-5 py-6 sm:px-8 sm:py-8">
          <h1 className="text-glow text-3xl font-bold text-ink">{title}</h1>
          <p className="mt-1 text-sm text-ink-faint">Last updated {updated}</p>
          <div className="mt-6 space-y-6 leading-relaxed text-ink-muted">{children}</div>
          <p className="mt-8 border-t border-edge pt-4 text-sm text-ink-faint">
            See also:{" "}
            <Link to="/" className="link">
              Login
            </Link>{" "}
            ·{" "}
            <Link to="/terms" className="link">
              Terms of Service
            </Link>{" "}
            ·{" "}
            <Link to="/privacy" className="link">
              Privacy Policy
            </Link>
          </p>
        </article>
      </main>
      <LegalFooter />
    </div>
  );
}

/** A titled section of a legal page. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-2 text-lg font-semibold text-gold">{title}</h2>
      <div className="space-y-3">{children}</div>
    </section>
  );
}
