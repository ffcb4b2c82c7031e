import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { cx } from "../../lib/cx";
import { useGameStore } from "../../store/gameStore";
import type { LogKind } from "../../store/slices/activityLog";
import { loadMoreActivityLog, reloadActivityLog } from "./activityLogActions";
import { categoryLabel, categoryTone, logFilters, logTime } from "./activityLogModel";

export interface ActivityLogScreenProps {
  /** The guild log (activityLogGuild, guild filters) instead of the player's own. */
  guild?: boolean;
}

/**
 * The activity log (route /activity-log) and, with `guild`, the guild log: filter, search
 * (Search button or Enter), entries newest first, Load More from the cursor, 'End of
 * Results.' when there is no more. A filter change or a search reloads from the start.
 */
export function ActivityLogScreen({ guild = false }: ActivityLogScreenProps) {
  const kind: LogKind = guild ? "guild" : "player";
  const view = useGameStore((s) => s.activityLog[kind]);
  const connected = useGameStore((s) => s.connection.status === "connected");
  const [filter, setFilter] = useState(view.filter);
  const [search, setSearch] = useState(view.search);
  const filterId = useId();
  const searchId = useId();

  // Load the newest page on opening, and again after a reconnect (answers to requests of
  // the old socket never come), with the filter and search typed so far.
  const typed = useRef({ filter, search });
  useLayoutEffect(() => {
    typed.current = { filter, search };
  });
  useEffect(() => {
    if (connected) reloadActivityLog(kind, typed.current.filter, typed.current.search, true);
  }, [connected, kind]);

  const loading = view.status === "loading" || view.status === "idle";
  /** Nothing to show yet: skeleton rows. A reload over shown entries dims them instead. */
  const firstLoad = loading && view.entries.length === 0;
  const filters = logFilters(guild);

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageTitle
        subtitle={
          guild
            ? "What happened in your guild: funds, armory, upgrades, members and ranks."
            : "Your whispers, transfers, market trades, level-ups, events and account activity."
        }
      >
        Activity Log
      </PageTitle>

      <form
        className="mb-4 grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[11rem_minmax(0,1fr)_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          reloadActivityLog(kind, filter, search);
        }}
      >
        <div className="col-span-2 space-y-1 sm:col-span-1">
          <label htmlFor={filterId} className="text-xs font-semibold text-ink-muted">
            Filter
          </label>
          <select
            id={filterId}
            value={filter}
            onChange={(event) => {
              const next = Number(event.target.value);
              setFilter(next);
              reloadActivityLog(kind, next, search);
            }}
            className="field h-10 cursor-pointer py-0"
            data-testid="log-filter"
          >
            {filters.map((option) => (
              <option key={option.value} value={option.value} className="bg-night-900">
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 space-y-1">
          <label
            htmlFor={searchId}
            className="sr-only text-xs font-semibold text-ink-muted sm:not-sr-only"
          >
            Search
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={100}
            placeholder="Search the log…"
            onChange={(event) => setSearch(event.target.value)}
            className="field h-10 py-0"
            data-testid="log-search"
          />
        </div>
        <button type="submit" className="btn btn-primary h-10" data-testid="log-search-button">
          Search
        </button>
      </form>

      <section className="panel overflow-hidden" aria-label="Log entries" aria-busy={loading}>
        {firstLoad ? (
          <ul className="divide-y divide-edge/60">
            {[0, 1, 2, 3, 4].map((row) => (
              <li key={row} className="flex items-center gap-3 px-4 py-3">
                <div className="skeleton h-3 w-32" />
                <div className="skeleton h-3 flex-1" />
              </li>
            ))}
          </ul>
        ) : view.entries.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-ink-faint">No results</p>
        ) : (
          <ol
            className={cx("divide-y divide-edge/60 transition-opacity", loading && "opacity-50")}
            data-testid="log-entries"
          >
            {view.entries.map((entry, index) => (
              <li
                // Entries have no id; their order never changes once shown.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className="flex flex-col gap-1 px-4 py-2.5 text-sm sm:flex-row sm:items-baseline sm:gap-3"
                data-testid="log-entry"
              >
                <time
                  dateTime={new Date(entry.timestamp).toISOString()}
                  className="shrink-0 font-mono text-xs text-ink-faint tabular-nums"
                >
                  {logTime(entry.timestamp)}
                </time>
                <span className="flex min-w-0 items-baseline gap-2">
                  {categoryLabel(entry.category) ? (
                    <span
                      className={cx(
                        "shrink-0 rounded border px-1.5 py-px text-[0.65rem] font-bold tracking-wide uppercase",
                        categoryTone(entry.category),
                      )}
                    >
                      {categoryLabel(entry.category)}
                    </span>
                  ) : null}
                  <span className="min-w-0 break-words text-ink">{entry.text}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <div className="mt-4 flex justify-center pb-4">
        {loading ? null : view.hasMore ? (
          <button
            type="button"
            className="btn"
            disabled={view.status === "loadingMore"}
            onClick={() => loadMoreActivityLog(kind)}
            data-testid="log-load-more"
          >
            {view.status === "loadingMore" ? "Loading…" : "Load More"}
          </button>
        ) : (
          <p className="text-sm text-ink-faint" data-testid="log-end">
            End of Results.
          </p>
        )}
      </div>
    </div>
  );
}
