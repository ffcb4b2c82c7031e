import { afterEach, describe, expect, it } from "vitest";
import { draftText, serializeDraft } from "./chatInput";
import {
  initialChatUi,
  prefillChatInput,
  selectChatTab,
  setChatCollapsed,
  setChatSelection,
  takeFocusRequest,
  useChatUi,
} from "./chatUiStore";
import { handleItemLinkClick, insertItemLink } from "./insertItemLink";

afterEach(() => useChatUi.setState(initialChatUi, true));

describe("chat box state", () => {
  it("selecting a channel tab sets the send channel; All, Whispers, Global, Notifications do not", () => {
    selectChatTab(2);
    expect(useChatUi.getState()).toMatchObject({ tab: 2, sendChannel: 2 });
    for (const tab of [0, 6, 5, 7]) {
      selectChatTab(tab);
      expect(useChatUi.getState()).toMatchObject({ tab, sendChannel: 2 });
    }
  });

  it("selecting a tab opens a collapsed chat box", () => {
    setChatCollapsed(true);
    selectChatTab(3);
    expect(useChatUi.getState().collapsed).toBe(false);
  });

  it("Whisper prefills '/w name ' with the caret at the end and asks for the focus", () => {
    prefillChatInput("/w Bob ");
    const state = useChatUi.getState();
    expect(draftText(state.draft)).toBe("/w Bob ");
    expect(state.selection).toEqual({ start: 7, end: 7 });
    expect(state.focusRequest).toBe(1);
    expect(takeFocusRequest()).toBe(true);
    expect(takeFocusRequest()).toBe(false);
  });

  it("insertItemLink puts the token at the caret as one unit", () => {
    prefillChatInput("wts  cheap");
    setChatSelection({ start: 4, end: 4 });
    expect(insertItemLink({ id: 12, name: "Oak Staff", rarity: 3 })).toBe(true);
    expect(serializeDraft(useChatUi.getState().draft)).toBe("wts [[item:12:Oak Staff:3]] cheap");
  });

  it("Ctrl or Cmd+click links an item; a plain click does not", () => {
    let prevented = 0;
    const event = (ctrlKey: boolean, metaKey: boolean) => ({
      ctrlKey,
      metaKey,
      preventDefault: () => {
        prevented++;
      },
    });
    const item = { id: 5, name: "Cap", rarity: 1 };
    expect(handleItemLinkClick(event(false, false), item)).toBe(false);
    expect(handleItemLinkClick(event(true, false), item)).toBe(true);
    expect(handleItemLinkClick(event(false, true), item)).toBe(true);
    expect(prevented).toBe(2);
    expect(serializeDraft(useChatUi.getState().draft)).toBe("[[item:5:Cap:1]] [[item:5:Cap:1]] ");
  });
});
