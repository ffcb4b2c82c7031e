import type { ChatEntry } from "@manaspire/protocol";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef } from "react";
import { ChatLine, type LineStyle } from "./ChatLine";
import { canDeleteLine } from "./chatModeration";

const ESTIMATED_LINE = 24;

/**
 * The lines of a tab, newest first, virtualised (up to 1000 lines; only the visible ones are
 * in the page). A reader scrolled down keeps their place when new lines arrive on top.
 * Moderators and admins (`selfRole`) get a Delete control on the lines they may delete.
 */
export function ChatLineList({
  lines,
  selfId,
  selfRole,
  style,
  emptyText,
}: {
  lines: readonly ChatEntry[];
  selfId: number | null;
  selfRole: number;
  style: LineStyle;
  emptyText: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_LINE,
    getItemKey: (index) => lines[index]?.id ?? index,
    overscan: 12,
  });

  // New lines arrive on top: keep a reader who scrolled down looking at the same lines.
  const firstId = lines[0]?.id ?? null;
  const previousFirst = useRef<number | null>(firstId);
  useLayoutEffect(() => {
    const before = previousFirst.current;
    previousFirst.current = firstId;
    const element = scrollRef.current;
    if (!element || before === null || firstId === before || element.scrollTop < 4) return;
    const index = lines.findIndex((line) => line.id === before);
    if (index <= 0) return;
    const start = virtualizer.measurementsCache[index]?.start ?? index * ESTIMATED_LINE;
    element.scrollTop += start;
  }, [firstId, lines, virtualizer]);

  if (lines.length === 0) {
    return (
      <div className="grid min-h-0 flex-1 place-items-center px-4 text-center text-sm text-ink-faint">
        {emptyText}
      </div>
    );
  }

  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-1"
      role="log"
      aria-label="Chat messages"
      data-testid="chat-lines"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const entry = lines[item.index];
          if (!entry) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute inset-x-0 top-0"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <ChatLine
                entry={entry}
                selfId={selfId}
                style={style}
                canDelete={canDeleteLine(entry, selfRole)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
