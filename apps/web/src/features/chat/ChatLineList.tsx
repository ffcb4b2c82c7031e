import type { ChatEntry } from "@manaspire/protocol";
import { useLayoutEffect, useRef } from "react";
import { ChatLine, type LineStyle } from "./ChatLine";
import { canDeleteLine } from "./chatModeration";

/**
 * The lines of a tab, newest first (up to 1000). Every line is in the page, but the browser
 * lays out and paints only the ones near the view (`content-visibility: auto`, about 24 px
 * each until seen), which is what a virtual list did, without its code in the first load.
 * A reader scrolled down keeps their place when new lines arrive on top. Moderators and
 * admins (`selfRole`) get a Delete control on the lines they may delete.
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

  // New lines arrive on top: keep a reader who scrolled down looking at the same lines.
  const firstId = lines[0]?.id ?? null;
  const previous = useRef<{ first: number | null; height: number }>({ first: null, height: 0 });
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const before = previous.current;
    const height = element?.scrollHeight ?? 0;
    previous.current = { first: firstId, height };
    if (!element || before.first === null || firstId === before.first) return;
    if (element.scrollTop < 4) return;
    element.scrollTop += height - before.height;
  });

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
      // Scrolls: reachable from the keyboard. (The browser's own scroll anchoring is off: the
      // effect above keeps the place, in every browser.)
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable scrolling region
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-1 [overflow-anchor:none]"
      role="log"
      aria-label="Chat messages"
      data-testid="chat-lines"
    >
      {lines.map((entry) => (
        <div
          key={entry.id}
          className="[contain-intrinsic-size:auto_24px] [content-visibility:auto]"
        >
          <ChatLine
            entry={entry}
            selfId={selfId}
            style={style}
            canDelete={canDeleteLine(entry, selfRole)}
          />
        </div>
      ))}
    </div>
  );
}
