import { useEffect } from "react";
import { PageTitle } from "../../components/PageTitle";
import { NEWS_ENTRIES } from "./newsEntries";
import { markAllNewsRead } from "./newsRead";

/** /news: the in-game changelog. Opening it marks all news as read. */
export function NewsPage() {
  useEffect(() => {
    markAllNewsRead();
  }, []);

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageTitle subtitle="What changed in the spire.">News</PageTitle>
      <ol className="relative space-y-4 border-l border-edge-bright/60 pl-5 sm:pl-7">
        {NEWS_ENTRIES.map((entry, index) => (
          <li key={`${entry.date}-${entry.title}`} className="relative">
            <span
              aria-hidden="true"
              className={
                index === 0
                  ? "absolute top-5 -left-[1.7rem] size-3 rotate-45 border border-gold bg-gold/70 shadow-[0_0_12px_var(--color-gold)] sm:-left-[2.2rem]"
                  : "absolute top-5 -left-[1.7rem] size-3 rotate-45 border border-edge-bright bg-night-700 sm:-left-[2.2rem]"
              }
            />
            <article className="panel px-4 py-4 sm:px-5">
              <p className="text-xs font-semibold tracking-wider text-ink-faint uppercase">
                {entry.date}
              </p>
              <h2 className="mt-1 text-lg font-bold text-ink">{entry.title}</h2>
              <ul className="mt-3 space-y-1.5">
                {entry.points.map((point) => (
                  <li key={point} className="flex gap-2.5 text-sm text-ink-muted">
                    <span
                      aria-hidden="true"
                      className="mt-2 size-1.5 shrink-0 rounded-full bg-primary-bright"
                    />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}
