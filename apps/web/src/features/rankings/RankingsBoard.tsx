import type { BoardDef } from "@manaspire/game";
import { type FormEvent, useEffect, useState } from "react";
import { cx } from "../../lib/cx";
import { useGameStore } from "../../store/gameStore";
import type { LeaderboardPage } from "../../store/slices/rankings";
import { PlayerName } from "../player-menu/PlayerName";
import { clampPage, formatScore, pager } from "./rankingsModel";

/** One page of a board on /rankings: the player's own place, the Rank / Name / Score table, the pager. */
export function OwnPlace({
  page,
  board,
  onGo,
}: {
  page: LeaderboardPage;
  board: BoardDef;
  onGo: (page: number) => void;
}) {
  if (!page.own) {
    return <p className="text-xs text-ink-faint">You are not on this board yet.</p>;
  }
  const score = formatScore(board, page.own.score);
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 text-sm text-ink-muted"
      data-testid="own-place"
    >
      Your rank: <span className="font-bold text-gold">#{page.own.rank.toLocaleString("en")}</span>
      <span title={score.full}>({score.text})</span>
      {page.own.page !== page.currentPage ? (
        <button
          type="button"
          className="link text-sm font-semibold"
          onClick={() => onGo(page.own!.page)}
        >
          Go to my page
        </button>
      ) : null}
    </p>
  );
}

export function Table({ page, board }: { page: LeaderboardPage; board: BoardDef }) {
  const self = useGameStore((s) => s.player?.name.toLowerCase());
  if (page.rows.length === 0) {
    return (
      <div className="py-8 text-center text-sm text-ink-faint" data-testid="rankings-empty">
        <p>
          {page.guildOnly
            ? "Nobody in your guild is on this board yet."
            : "No one is on this board yet."}
        </p>
      </div>
    );
  }
  return (
    <table className="w-full table-fixed text-sm tabular-nums" data-testid="rankings-table">
      <thead>
        <tr className="text-left text-[0.68rem] tracking-wider text-ink-faint uppercase">
          <th className="w-12 py-1 font-semibold sm:w-20">Rank</th>
          <th className="py-1 font-semibold">Name</th>
          <th className="w-20 py-1 text-right font-semibold sm:w-36">Score</th>
        </tr>
      </thead>
      <tbody>
        {page.rows.map((row) => {
          const score = formatScore(board, row.score);
          const mine = row.name.toLowerCase() === self;
          const found = row.name === page.highlight;
          return (
            <tr
              key={row.name}
              data-testid="rankings-row"
              aria-current={mine ? "true" : undefined}
              className={cx(
                "border-t border-edge/40",
                found && "bg-primary/20",
                mine && !found && "bg-gold/10",
              )}
            >
              <td className="py-1.5 font-semibold text-ink-muted">
                {row.rank <= 3 ? (
                  <span className={cx(row.rank === 1 ? "text-gold" : "text-ink")}>#{row.rank}</span>
                ) : (
                  `#${row.rank.toLocaleString("en")}`
                )}
              </td>
              <td className="truncate py-1.5">
                <PlayerName
                  name={row.name}
                  className={cx(row.banned && "text-ink-faint line-through", mine && "text-gold")}
                >
                  {row.name}
                </PlayerName>
                {row.banned ? <span className="sr-only"> (banned)</span> : null}
              </td>
              <td className="py-1.5 text-right font-semibold text-ink" title={score.full}>
                {score.text}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function Pager({ page, onGo }: { page: LeaderboardPage; onGo: (page: number) => void }) {
  const nav = pager(page.currentPage, page.totalPages);
  const [text, setText] = useState(String(page.currentPage));
  useEffect(() => setText(String(page.currentPage)), [page.currentPage]);
  const jump = (event: FormEvent) => {
    event.preventDefault();
    onGo(clampPage(Number(text), page.totalPages));
  };
  const button = (label: string, aria: string, target: { page: number; disabled: boolean }) => (
    <button
      type="button"
      className="btn btn-ghost h-8 min-w-8 px-2"
      aria-label={aria}
      disabled={target.disabled}
      onClick={() => onGo(target.page)}
    >
      {label}
    </button>
  );
  return (
    <nav className="flex flex-wrap items-center justify-center gap-1.5" aria-label="Pages">
      {button("«", "First page", nav.first)}
      {button("‹", "Previous page", nav.previous)}
      <form onSubmit={jump} className="flex items-center gap-1.5 text-sm text-ink-muted">
        Page
        <input
          className="field h-8 w-16 py-0 text-center tabular-nums"
          inputMode="numeric"
          aria-label="Page number"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setText(String(page.currentPage))}
        />
        of <span data-testid="total-pages">{page.totalPages.toLocaleString("en")}</span>
      </form>
      {button("›", "Next page", nav.next)}
      {button("»", "Last page", nav.last)}
    </nav>
  );
}
