import type { ChatChannel } from "@manaspire/game";
import { create } from "zustand";
import { type ChatDraft, draftText, EMPTY_DRAFT, type TextSelection, textDraft } from "./chatInput";
import { ALL_TAB, type ChatTab, type SeenIds, sendChannelAfterTab } from "./chatTabs";

/**
 * The chat box's own state: viewed tab, send channel, what was read, the draft. It lives
 * outside the game store because it must survive a reconnect (which clears the chat slice)
 * and is never touched by server messages.
 */
export interface ChatUiState {
  tab: ChatTab;
  /** Where a plain line goes; General until the player picks another. */
  sendChannel: ChatChannel | null;
  collapsed: boolean;
  /** Highest line id seen per tab. */
  seen: SeenIds;
  /** Highest line id when the chat first loaded on this page; null until then. */
  baseline: number | null;
  draft: ChatDraft;
  /** Last caret or selection in the input, where an item link goes. */
  selection: TextSelection;
  /** Bumped to ask the input to take the focus (and apply `selection`). */
  focusRequest: number;
  /** The last focus request the input carried out. */
  focusHandled: number;
}

/** Phones (under 640 px wide): the chat starts folded to its bar, so the game gets the screen. */
export const NARROW_SCREEN = "(max-width: 639.98px)";

function startsCollapsed(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.(NARROW_SCREEN).matches === true;
}

export const initialChatUi: ChatUiState = {
  tab: ALL_TAB,
  sendChannel: 1,
  collapsed: startsCollapsed(),
  seen: {},
  baseline: null,
  draft: EMPTY_DRAFT,
  selection: { start: 0, end: 0 },
  focusRequest: 0,
  focusHandled: 0,
};

export const useChatUi = create<ChatUiState>()(() => initialChatUi);

/** Shows a tab; a channel tab (not All, Whispers, Global, Notifications) becomes the send channel. */
export function selectChatTab(tab: ChatTab): void {
  useChatUi.setState((s) => ({
    tab,
    sendChannel: sendChannelAfterTab(tab, s.sendChannel),
    collapsed: false,
  }));
}

export function setSendChannel(channel: ChatChannel | null): void {
  useChatUi.setState({ sendChannel: channel });
}

export function setChatCollapsed(collapsed: boolean): void {
  useChatUi.setState({ collapsed });
}

export function setChatDraft(draft: ChatDraft, caret: number): void {
  useChatUi.setState({ draft, selection: { start: caret, end: caret } });
}

export function setChatSelection(selection: TextSelection): void {
  const current = useChatUi.getState().selection;
  if (current.start === selection.start && current.end === selection.end) return;
  useChatUi.setState({ selection });
}

/** Replaces the input's text (e.g. "/w name ") and puts the caret at its end. */
export function prefillChatInput(text: string): void {
  const draft = textDraft(text);
  const end = draftText(draft).length;
  useChatUi.setState((s) => ({
    draft,
    selection: { start: end, end },
    collapsed: false,
    focusRequest: s.focusRequest + 1,
  }));
}

/** Opens the chat and puts the caret in its input (the "/" shortcut). */
export function focusChatInput(): void {
  useChatUi.setState((s) => ({ collapsed: false, focusRequest: s.focusRequest + 1 }));
}

/** True (once) when the input should take the focus: a request it has not carried out yet. */
export function takeFocusRequest(): boolean {
  const { focusRequest, focusHandled } = useChatUi.getState();
  if (focusRequest === focusHandled) return false;
  useChatUi.setState({ focusHandled: focusRequest });
  return true;
}

/** After viewing or loading: record what was seen (no update when nothing changed). */
export function updateSeen(seen: SeenIds, baseline: number | null): void {
  const state = useChatUi.getState();
  if (state.seen === seen && state.baseline === baseline) return;
  useChatUi.setState({ seen, baseline });
}
