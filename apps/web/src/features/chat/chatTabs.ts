/**
 * Chat tabs, unread counts and the send channel (spec 000 section 4 "Chat"). Pure.
 *
 * Tabs: All (0), Whispers, then the joined channels in the server's order. A line is unread
 * in a tab when its id is above what was seen in that tab; lines of the player themself are
 * never unread. Viewing a tab clears it; viewing All clears every channel tab except
 * Whispers and Notifications (and All itself). A collapsed chat box views nothing.
 */
import { CHAT_CHANNEL_NAMES, ChatChannel } from "@manaspire/game";

/** What these rules read of a chat line (a ChatEntry fits). */
interface LineRef {
  id: number;
  channel: number;
  senderId: number;
}

/** The All tab; every other tab is a channel number. */
export const ALL_TAB = 0;
export type ChatTab = number;

/** Highest line id seen per tab. */
export type SeenIds = Readonly<Record<number, number>>;

const KNOWN_CHANNELS = new Set<number>(Object.values(ChatChannel));

/** Tabs in order: All, Whispers, then the joined channels (server order, no duplicates). */
export function chatTabs(channels: readonly number[]): ChatTab[] {
  const tabs: ChatTab[] = [ALL_TAB, ChatChannel.Whispers];
  for (const channel of channels) {
    if (KNOWN_CHANNELS.has(channel) && !tabs.includes(channel)) tabs.push(channel);
  }
  return tabs;
}

export function tabLabel(tab: ChatTab): string {
  if (tab === ALL_TAB) return "All";
  return CHAT_CHANNEL_NAMES[tab as ChatChannel] ?? `Channel ${tab}`;
}

export function lineInTab(line: Pick<LineRef, "channel">, tab: ChatTab): boolean {
  return tab === ALL_TAB || line.channel === tab;
}

/** Lines shown in a tab (same order as given). */
export function linesOfTab<T extends Pick<LineRef, "channel">>(
  lines: readonly T[],
  tab: ChatTab,
): readonly T[] {
  return tab === ALL_TAB ? lines : lines.filter((line) => line.channel === tab);
}

/** Tabs whose unread count the current view clears. */
export function tabsClearedBy(view: ChatTab | null, tabs: readonly ChatTab[]): ChatTab[] {
  if (view === null) return [];
  if (view !== ALL_TAB) return tabs.includes(view) ? [view] : [];
  return tabs.filter((t) => t !== ChatChannel.Whispers && t !== ChatChannel.Notifications);
}

export interface UnreadInput {
  lines: readonly LineRef[];
  tabs: readonly ChatTab[];
  seen: SeenIds;
  /** Lines up to this id were there when the chat first loaded: not unread. Null: not loaded. */
  baseline: number | null;
  /** The tab on screen, or null when the chat box is collapsed. */
  view: ChatTab | null;
  /** The player's id: their own lines are never unread. */
  selfId: number | null;
}

/** Unread count of every tab. */
export function unreadCounts({
  lines,
  tabs,
  seen,
  baseline,
  view,
  selfId,
}: UnreadInput): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const tab of tabs) counts[tab] = 0;
  if (baseline === null) return counts;
  const cleared = new Set(tabsClearedBy(view, tabs));
  const seenAll = seen[ALL_TAB] ?? baseline;
  for (const line of lines) {
    if (line.senderId === selfId) continue;
    if (!cleared.has(ALL_TAB) && line.id > seenAll) {
      counts[ALL_TAB] = (counts[ALL_TAB] ?? 0) + 1;
    }
    const tab = line.channel;
    if (tab in counts && !cleared.has(tab) && line.id > (seen[tab] ?? baseline)) {
      counts[tab] = (counts[tab] ?? 0) + 1;
    }
  }
  return counts;
}

/** After viewing: the cleared tabs have seen everything up to `maxId`. Same object if no change. */
export function markSeen(
  seen: SeenIds,
  view: ChatTab | null,
  tabs: readonly ChatTab[],
  maxId: number,
): SeenIds {
  let next: Record<number, number> | null = null;
  for (const tab of tabsClearedBy(view, tabs)) {
    if ((seen[tab] ?? Number.NEGATIVE_INFINITY) >= maxId) continue;
    next ??= { ...seen };
    next[tab] = maxId;
  }
  return next ?? seen;
}

/** Highest line id (0 when there are none). */
export function maxLineId(lines: readonly Pick<LineRef, "id">[]): number {
  let max = 0;
  for (const line of lines) if (line.id > max) max = line.id;
  return max;
}

/** Tabs that do not choose where lines go. */
const NON_SENDING_TABS = new Set<number>([
  ALL_TAB,
  ChatChannel.Whispers,
  ChatChannel.Global,
  ChatChannel.Notifications,
]);

/** Selecting a tab other than All, Whispers, Global, Notifications also sets the send channel. */
export function sendChannelAfterTab(tab: ChatTab, current: ChatChannel | null): ChatChannel | null {
  return NON_SENDING_TABS.has(tab) ? current : (tab as ChatChannel);
}

/**
 * Channels a player can send a line to: the joined ones except Whispers (use /w) and
 * Notifications (read-only); Global only for moderators and admins.
 */
export function sendableChannels(channels: readonly number[], staff: boolean): ChatChannel[] {
  return channels.filter(
    (c): c is ChatChannel =>
      KNOWN_CHANNELS.has(c) &&
      c !== ChatChannel.Whispers &&
      c !== ChatChannel.Notifications &&
      (staff || c !== ChatChannel.Global),
  );
}

/** The send channel to use: the chosen one while it can be sent to, otherwise none. */
export function effectiveSendChannel(
  chosen: ChatChannel | null,
  sendable: readonly ChatChannel[],
): ChatChannel | null {
  return chosen !== null && sendable.includes(chosen) ? chosen : null;
}

/** Lines without those of ignored players (names compared case-insensitively). */
export function withoutIgnored<T extends { senderName: string; senderId: number }>(
  lines: readonly T[],
  ignored: readonly string[],
): readonly T[] {
  if (ignored.length === 0) return lines;
  const names = new Set(ignored.map((n) => n.toLowerCase()));
  return lines.filter((line) => line.senderId === 0 || !names.has(line.senderName.toLowerCase()));
}
