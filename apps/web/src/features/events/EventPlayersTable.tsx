import { ACTION_TYPE_NAMES, type ActionType } from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";

type EventPlayerRow = ServerPayload<"eventPlayers">["rows"][number];

import { useMemo, useState } from "react";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { PlayerName } from "../player-menu/PlayerName";
import { type PlayerSortKey, pageOf, sortPlayers } from "./eventModel";

const COLUMNS: ReadonlyArray<{ key: PlayerSortKey; label: string; numeric: boolean }> = [
  { key: "name", label: "Name", numeric: false },
  { key: "actions", label: "Actions", numeric: true },
  { key: "totalDamage", label: "Damage", numeric: true },
  { key: "totalResources", label: "Resources", numeric: true },
  { key: "eventPoints", label: "Event Points", numeric: true },
];

/**
 * The spec's ElementalRiftPlayers table: 50 rows a page, sorted by damage (highest first) until
 * a header is clicked; Event Points only once the rift has ended.
 */
export function EventPlayersTable({ rows, self }: { rows: EventPlayerRow[]; self: string }) {
  const [sort, setSort] = useState<{ key: PlayerSortKey; desc: boolean }>({
    key: "totalDamage",
    desc: true,
  });
  const [page, setPage] = useState(0);
  const ended = rows.some((r) => r.eventPoints !== undefined);
  const columns = COLUMNS.filter((c) => c.key !== "eventPoints" || ended);
  const sorted = useMemo(() => sortPlayers(rows, sort.key, sort.desc), [rows, sort]);
  const shown = pageOf(sorted, page);
  if (rows.length === 0) {
    return <p className="py-6 text-center text-sm text-ink-muted">No results</p>;
  }
  return (
    <div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-sm tabular-nums" data-testid="event-players">
          <thead>
            <tr className="text-left text-[0.68rem] tracking-wider text-ink-faint uppercase">
              <th className="w-10 py-1 pr-1.5 font-semibold">#</th>
              {columns.map((c) => (
                <th
                  key={c.key}
                  className={cx(
                    "px-1.5 py-1 font-semibold whitespace-nowrap",
                    c.numeric && "text-right",
                  )}
                  aria-sort={
                    sort.key === c.key ? (sort.desc ? "descending" : "ascending") : undefined
                  }
                >
                  <button
                    type="button"
                    className="uppercase hover:text-ink"
                    onClick={() => {
                      setSort((s) =>
                        s.key === c.key
                          ? { key: c.key, desc: !s.desc }
                          : { key: c.key, desc: true },
                      );
                      setPage(0);
                    }}
                  >
                    {c.label}
                    {sort.key === c.key ? (sort.desc ? " ▾" : " ▴") : ""}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((r, i) => (
              <tr
                key={r.name}
                data-testid="event-player-row"
                className={cx(
                  "border-t border-edge/40",
                  r.name.toLowerCase() === self.toLowerCase() && "bg-gold/10",
                )}
              >
                <td className="py-1.5 pr-1.5 text-ink-muted">{page * 50 + i + 1}</td>
                <td className="truncate px-1.5 py-1.5">
                  <PlayerName name={r.name}>{r.name}</PlayerName>
                  <span className="ml-1.5 text-xs text-ink-faint">
                    {ACTION_TYPE_NAMES[r.actionType as ActionType]}
                  </span>
                </td>
                <td className="px-1.5 py-1.5 text-right">
                  <Num value={r.actions} />
                </td>
                <td className="px-1.5 py-1.5 text-right">
                  <Num value={r.totalDamage} />
                </td>
                <td className="px-1.5 py-1.5 text-right">
                  <Num value={r.totalResources} />
                </td>
                {ended ? (
                  <td className="px-1.5 py-1.5 text-right font-semibold text-gold">
                    <Num value={r.eventPoints ?? 0} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.pages > 1 ? (
        <div className="mt-2 flex items-center justify-end gap-2 text-xs text-ink-muted">
          <button
            type="button"
            className="btn btn-ghost h-8 px-2"
            disabled={page === 0}
            onClick={() => setPage((p) => p - 1)}
          >
            Previous
          </button>
          <span>
            Page {Math.min(page, shown.pages - 1) + 1} of {shown.pages}
          </span>
          <button
            type="button"
            className="btn btn-ghost h-8 px-2"
            disabled={page >= shown.pages - 1}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </button>
        </div>
      ) : null}
    </div>
  );
}
