/**
 * Item links into the chat input, for every screen that shows items: Ctrl+click (Cmd+click
 * on a Mac) on an item inserts `[[item:ID:NAME:RARITY]]` at the chat input's caret, shown
 * there as one unit.
 *
 *   onClick={(event) => { if (handleItemLinkClick(event, item)) return; openItem(item); }}
 */
import { pushToast } from "../toasts/toastStore";
import { type ItemLinkRef, insertItemLink as insertLink } from "./chatInput";
import { useChatUi } from "./chatUiStore";

export type { ItemLinkRef } from "./chatInput";

/**
 * Inserts `[[item:ID:NAME:RARITY]]` into the chat input at the caret, shown there as one
 * unit. For Ctrl+click (Cmd+click) on an item anywhere in the game. False (with a toast)
 * when the message has no room left.
 */
export function insertItemLink(item: ItemLinkRef): boolean {
  const state = useChatUi.getState();
  const edit = insertLink(state.draft, state.selection, item);
  if (!edit) {
    pushToast("Your message has no room for another item link.");
    return false;
  }
  useChatUi.setState({
    draft: edit.draft,
    selection: { start: edit.caret, end: edit.caret },
    collapsed: false,
    focusRequest: state.focusRequest + 1,
  });
  return true;
}

/** Ctrl+click or Cmd+click: the gesture that links an item into the chat. */
export function isLinkGesture(event: { ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.ctrlKey || event.metaKey;
}

/**
 * For item click handlers anywhere: on Ctrl/Cmd+click inserts the item's link and returns
 * true (the caller then skips its normal click action).
 */
export function handleItemLinkClick(
  event: { ctrlKey: boolean; metaKey: boolean; preventDefault(): void },
  item: ItemLinkRef,
): boolean {
  if (!isLinkGesture(event)) return false;
  event.preventDefault();
  insertItemLink(item);
  return true;
}
