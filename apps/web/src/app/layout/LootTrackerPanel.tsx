import type { LootTrackerEntry } from "@manaspire/protocol";
import { useMemo, useState } from "react";
import { TrashIcon } from "../../components/icons/uiIcons";
import { Num } from "../../components/Num";
import { ItemLink } from "../../features/items/ItemTooltip";
import { LootLink } from "../../features/loot/LootLink";
import { type TrackerRow, trackerRows } from "../../features/loot/lootDisplay";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";

export interface LootTrackerPanelProps {
  /** Newest first, at most 200 (the store keeps them). */
  entries: readonly LootTrackerEntry[];
  onClear?: () => void;
}

/** Right column: what every action dropped, newest on top, with a Clear button. */
export function LootTrackerPanel({ entries, onClear }: LootTrackerPanelProps) {
  // While the pointer rests on the list it holds still, so a line (and its item tooltip) can be
  // read; new loot shows again when the pointer leaves.
  const [held, setHeld] = useState<readonly LootTrackerEntry[] | null>(null);
  const shown = held ?? entries;
  const paused = held !== null && held !== entries;
  const rows = useMemo(() => trackerRows(shown), [shown]);
  const empty = rows.length === 0;

  return (
    <section
      className="panel flex h-full min-h-40 flex-col overflow-hidden"
      aria-label="Loot tracker"
      data-testid="loot-tracker"
    >
      <header className="flex items-center justify-between gap-2 border-b border-edge/70 px-4 py-2.5">
        <h2 className="panel-title flex items-center gap-2 whitespace-nowrap">
          Loot Tracker
          {paused ? (
            <span className="rounded-full border border-edge-bright px-1.5 py-px font-sans text-[0.6rem] tracking-normal text-ink-faint normal-case">
              paused
            </span>
          ) : null}
          {empty ? null : (
            <span className="rounded-full bg-night-700 px-1.5 py-px font-sans text-[0.65rem] tracking-normal text-ink-muted tabular-nums">
              {rows.length}
            </span>
          )}
        </h2>
        <button
          type="button"
          onClick={onClear}
          disabled={!onClear || empty}
          title="Clear loot tracker"
          aria-label="Clear loot tracker"
          className="btn btn-ghost h-7 px-2 py-0 text-xs text-ink-muted"
        >
          <TrashIcon className="size-3.5" />
          <span className="hidden 2xl:inline">Clear</span>
        </button>
      </header>
      {empty ? (
        <div className="grid flex-1 place-items-center px-4 py-6 text-center text-sm text-ink-faint">
          <p>Loot from your battles and gathering will appear here.</p>
        </div>
      ) : (
        <div
          // Scrolls: reachable from the keyboard.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable scrolling region
          tabIndex={0}
          className="max-h-72 min-h-0 flex-1 overflow-y-auto py-1 lg:max-h-none"
          role="log"
          aria-label="Loot received"
          onPointerEnter={(event) => {
            if (event.pointerType !== "touch") setHeld(entries);
          }}
          onPointerLeave={() => setHeld(null)}
        >
          {/* At most 200 rows of 30 px; the browser paints only those near the view. */}
          <ul>
            {rows.map((row) => (
              <li
                key={row.key}
                className="h-[30px] [contain-intrinsic-size:auto_30px] [content-visibility:auto]"
              >
                <TrackerLine row={row} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function TrackerLine({ row }: { row: TrackerRow }) {
  return (
    <div className="flex h-full animate-fade-in items-center gap-2 px-3 text-[0.8rem] hover:bg-white/[0.03]">
      <time className="shrink-0 font-mono text-[0.68rem] text-ink-faint tabular-nums">
        {row.time}
      </time>
      {row.kind === "item" ? (
        <ItemLink id={row.item.id} snapshot={row.item} className="min-w-0 flex-1 text-[0.8rem]">
          <button
            type="button"
            data-testid="tracker-item"
            data-item-id={row.item.id}
            className={cx(
              "min-h-6 min-w-0 flex-1 cursor-help truncate text-left font-medium",
              rarityClass(row.rarity),
            )}
          >
            {row.name}
          </button>
        </ItemLink>
      ) : (
        <span className="min-w-0 flex-1 truncate">
          <LootLink id={row.lootId} text={row.name} />
        </span>
      )}
      {row.kind === "loot" ? (
        <span className="shrink-0 font-semibold text-ink tabular-nums">
          +<Num value={row.amount} />
        </span>
      ) : (
        <span className="shrink-0 text-[0.7rem] text-ink-faint">Lv {row.level}</span>
      )}
    </div>
  );
}
