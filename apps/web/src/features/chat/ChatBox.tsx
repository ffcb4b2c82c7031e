import { ChatChannel, isChatStaff } from "@manaspire/game";
import { lazy, Suspense, useEffect, useId, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { ChatIcon, ChevronDownIcon } from "../../components/icons/uiIcons";
import { cx } from "../../lib/cx";
import { useGameStore } from "../../store/gameStore";
import { ChatSettingsButton } from "./ChatSettings";
import { channelClass } from "./chatFormat";
import {
  ALL_TAB,
  type ChatTab,
  chatTabs,
  effectiveSendChannel,
  linesOfTab,
  markSeen,
  maxLineId,
  sendableChannels,
  tabLabel,
  unreadCounts,
  withoutIgnored,
} from "./chatTabs";
import { selectChatTab, setChatCollapsed, updateSeen, useChatUi } from "./chatUiStore";
import { DeleteLineDialogHost } from "./DeleteLineDialog";
import { WireDialogHost } from "./WireDialogHost";

/**
 * The lines and the input: their own chunk, loaded when the chat is first open (a phone
 * starts with the chat folded to its bar, and loads none of it until then).
 */
const ChatPanel = lazy(async () => ({ default: (await import("./ChatPanel")).ChatPanel }));

/**
 * The chat box at the bottom of the shell: tabs All, Whispers and the joined channels with
 * unread counts, the lines of the viewed tab (newest first), the send-channel selector and
 * the input. Collapsible; its height follows the chat box size setting (--chat-size: 15-50 vh,
 * at least 9rem so the tabs, a line and the input fit; the toasts sit above the same height).
 */
export function ChatBox() {
  const allLines = useGameStore((s) => s.chat.lines);
  const ignored = useGameStore((s) => s.chat.ignored);
  const channels = useGameStore((s) => s.chat.channels);
  const historyLoaded = useGameStore((s) => s.chat.historyLoaded);
  const connected = useGameStore((s) => s.connection.status === "connected");
  const selfId = useGameStore((s) => s.player?.id ?? null);
  const selfRole = useGameStore((s) => s.player?.role ?? 0);
  const { tab, collapsed, seen, baseline, sendChannel } = useChatUi(
    useShallow((s) => ({
      tab: s.tab,
      collapsed: s.collapsed,
      seen: s.seen,
      baseline: s.baseline,
      sendChannel: s.sendChannel,
    })),
  );

  // The server stops sending an ignored player's lines; the ones already here go too.
  const lines = useMemo(() => withoutIgnored(allLines, ignored), [allLines, ignored]);
  const tabs = useMemo(() => chatTabs(channels), [channels]);
  const shownTab = tabs.includes(tab) ? tab : ALL_TAB;
  const view = collapsed ? null : shownTab;
  const counts = useMemo(
    () => unreadCounts({ lines, tabs, seen, baseline, view, selfId }),
    [lines, tabs, seen, baseline, view, selfId],
  );

  // The first history marks what was there before; the viewed tab has seen every line.
  useEffect(() => {
    if (!historyLoaded) return;
    const max = maxLineId(lines);
    updateSeen(markSeen(seen, view, tabs, max), baseline ?? max);
  }, [historyLoaded, lines, view, tabs, seen, baseline]);

  const staff = isChatStaff(selfRole);
  const sendable = useMemo(() => sendableChannels(channels, staff), [channels, staff]);
  const target = effectiveSendChannel(sendChannel, sendable);

  const shown = useMemo(() => linesOfTab(lines, shownTab), [lines, shownTab]);
  const panelId = useId();

  return (
    <section
      aria-label="Chat"
      className={cx(
        "relative z-20 flex shrink-0 flex-col border-t border-edge bg-night-900/90 backdrop-blur-md",
        // Folded: the bar (h-10) and the top border; a bare h-10 pushed the page 1 px down.
        collapsed ? "h-[calc(2.5rem+1px)]" : "h-[var(--chat-size)]",
      )}
      data-testid="chat-box"
    >
      <div className="flex h-10 shrink-0 items-center gap-1 px-2">
        <ChatIcon className="ml-1 hidden size-4 shrink-0 text-ink-faint sm:block" />
        <ChatTabsBar
          tabs={tabs}
          current={shownTab}
          collapsed={collapsed}
          counts={counts}
          panelId={panelId}
        />
        <ChatSettingsButton />
        <button
          type="button"
          onClick={() => setChatCollapsed(!collapsed)}
          aria-expanded={!collapsed}
          aria-controls={panelId}
          className="grid size-8 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-white/5 hover:text-ink"
          data-testid="chat-collapse"
        >
          <ChevronDownIcon
            className={cx("size-4 transition-transform", collapsed && "rotate-180")}
          />
          <span className="sr-only">{collapsed ? "Expand chat" : "Collapse chat"}</span>
        </button>
      </div>
      {collapsed ? null : (
        <div id={panelId} role="tabpanel" className="flex min-h-0 flex-1 flex-col">
          <Suspense fallback={<div className="min-h-0 flex-1" />}>
            <ChatPanel
              tab={shownTab}
              lines={shown}
              selfId={selfId}
              selfRole={selfRole}
              emptyText={emptyText(shownTab, connected || historyLoaded)}
              sendable={sendable}
              sendChannel={target}
            />
          </Suspense>
        </div>
      )}
      <WireDialogHost />
      <DeleteLineDialogHost />
    </section>
  );
}

function emptyText(tab: ChatTab, ready: boolean): string {
  if (!ready) return "Chat opens once you are connected.";
  if (tab === ALL_TAB) return "No messages yet. Say hello!";
  if (tab === ChatChannel.Whispers) return "No whispers yet. Type /w name message to whisper.";
  if (tab === ChatChannel.Notifications) return "No notifications yet.";
  return `No messages in ${tabLabel(tab)} yet.`;
}

function ChatTabsBar({
  tabs,
  current,
  collapsed,
  counts,
  panelId,
}: {
  tabs: readonly ChatTab[];
  current: ChatTab;
  collapsed: boolean;
  counts: Readonly<Record<number, number>>;
  panelId: string;
}) {
  // Keep the shown tab in sight in the scrolling tab bar (narrow screens).
  useEffect(() => {
    document
      .getElementById(`chat-tab-${current}`)
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);
  const move = (from: number, step: number) => {
    const next = tabs[(from + step + tabs.length) % tabs.length];
    if (next === undefined) return;
    selectChatTab(next);
    document.getElementById(`chat-tab-${next}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Chat channels"
      className="flex min-w-0 flex-1 gap-0.5 overflow-x-auto [mask-image:linear-gradient(to_right,black_calc(100%-1.5rem),transparent)] pr-4 [scrollbar-width:none]"
    >
      {tabs.map((tab, index) => {
        const selected = tab === current && !collapsed;
        const count = counts[tab] ?? 0;
        return (
          <button
            key={tab}
            id={`chat-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => selectChatTab(tab)}
            onKeyDown={(event) => {
              if (event.key === "ArrowRight") move(index, 1);
              else if (event.key === "ArrowLeft") move(index, -1);
            }}
            className={cx(
              "flex shrink-0 items-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-semibold whitespace-nowrap transition-colors",
              selected
                ? "bg-primary/30 text-white"
                : "text-ink-muted hover:bg-white/5 hover:text-ink",
            )}
            data-testid={`chat-tab-${tabLabel(tab).toLowerCase()}`}
          >
            {tab === ALL_TAB ? null : (
              <span
                aria-hidden="true"
                className={cx("size-1.5 rounded-full bg-current", channelClass(tab))}
              />
            )}
            {tabLabel(tab)}
            {count > 0 ? (
              <span
                className={cx(
                  "min-w-4 rounded-full px-1 text-center text-[0.62rem] leading-4 font-bold tabular-nums",
                  tab === ChatChannel.Whispers
                    ? "bg-[var(--color-chan-whispers)] text-night-950"
                    : "bg-primary text-white",
                )}
                data-testid="chat-unread"
                data-count={count}
              >
                {count > 99 ? "99+" : count}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
