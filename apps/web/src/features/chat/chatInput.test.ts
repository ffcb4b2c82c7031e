import { describe, expect, it } from "vitest";
import {
  applyInputChange,
  backspaceUnit,
  CHAT_MAX_LENGTH,
  type ChatDraft,
  chipLabel,
  chipRanges,
  cleanInputText,
  cleanLinkName,
  deleteUnit,
  draftText,
  EMPTY_DRAFT,
  insertItemLink,
  isDraftBlank,
  itemToken,
  normalizeDraft,
  pastedSegments,
  pasteText,
  replaceRange,
  serializeDraft,
  snapCaret,
  textDraft,
} from "./chatInput";

const staff = { id: 42, name: "Staff of Embers", rarity: 4 };
const ring = { id: 7, name: "Ring", rarity: 1 };

/** "hi [Staff of Embers] there" with the caret after the link. */
function withLink(): ChatDraft {
  return normalizeDraft([
    { kind: "text", text: "hi " },
    { kind: "item", item: staff },
    { kind: "text", text: " there" },
  ]);
}

describe("tokens and display", () => {
  it("serialises a link as [[item:ID:NAME:RARITY]] and shows it as [Name]", () => {
    expect(itemToken(staff)).toBe("[[item:42:Staff of Embers:4]]");
    expect(chipLabel(staff)).toBe("[Staff of Embers]");
    const draft = withLink();
    expect(draftText(draft)).toBe("hi [Staff of Embers] there");
    expect(serializeDraft(draft)).toBe("hi [[item:42:Staff of Embers:4]] there");
    expect(chipRanges(draft)).toEqual([{ start: 3, end: 20, item: staff }]);
  });

  it("keeps brackets and line breaks out of link names and clamps the rarity", () => {
    expect(cleanLinkName("Bad]] [[name\nhere")).toBe("Bad name here");
    expect(cleanLinkName("x".repeat(150))).toHaveLength(100);
    expect(itemToken({ id: 1, name: "A", rarity: 9 })).toBe("[[item:1:A:0]]");
    expect(itemToken({ id: 1, name: "A", rarity: 2.5 })).toBe("[[item:1:A:0]]");
  });

  it("normalises: merges text and drops empty text", () => {
    expect(
      normalizeDraft([
        { kind: "text", text: "a" },
        { kind: "text", text: "" },
        { kind: "text", text: "b" },
      ]),
    ).toEqual([{ kind: "text", text: "ab" }]);
  });

  it("is blank only when nothing but spaces would be sent", () => {
    expect(isDraftBlank(EMPTY_DRAFT)).toBe(true);
    expect(isDraftBlank(textDraft("   "))).toBe(true);
    expect(isDraftBlank(textDraft(" x "))).toBe(false);
    expect(isDraftBlank([{ kind: "item", item: ring }])).toBe(false);
  });
});

describe("line breaks become spaces", () => {
  it("in cleaned text, text drafts, typing and pasting", () => {
    expect(cleanInputText("a\r\nb\nc\rd\te")).toBe("a b c d e");
    expect(draftText(textDraft("one\ntwo"))).toBe("one two");
    const typed = applyInputChange(EMPTY_DRAFT, "a\nb", 3);
    expect(typed && draftText(typed.draft)).toBe("a b");
    const pasted = pasteText(textDraft("x"), { start: 1, end: 1 }, "\nline\r\nnext\n");
    expect(pasted && draftText(pasted.draft)).toBe("x line next ");
    expect(pasted?.caret).toBe(12);
  });
});

describe("typing (applyInputChange)", () => {
  it("applies plain typing and deleting", () => {
    const a = applyInputChange(EMPTY_DRAFT, "h", 1);
    expect(a).toEqual({ draft: [{ kind: "text", text: "h" }], caret: 1 });
    const b = applyInputChange(textDraft("hello"), "helo", 3);
    expect(b && draftText(b.draft)).toBe("helo");
    expect(b?.caret).toBe(3);
  });

  it("keeps links when typing next to them", () => {
    const draft = withLink();
    const before = applyInputChange(draft, "hi x[Staff of Embers] there", 4);
    expect(before && serializeDraft(before.draft)).toBe("hi x[[item:42:Staff of Embers:4]] there");
    const after = applyInputChange(draft, "hi [Staff of Embers]! there", 21);
    expect(after && serializeDraft(after.draft)).toBe("hi [[item:42:Staff of Embers:4]]! there");
    expect(after?.caret).toBe(21);
  });

  it("uses the caret to tell which of equal characters was typed", () => {
    // Typing "]" right after the link's own "]": the new character belongs after the link.
    const draft = normalizeDraft([{ kind: "item", item: ring }]);
    const edit = applyInputChange(draft, "[Ring]]", 7);
    expect(edit && serializeDraft(edit.draft)).toBe("[[item:7:Ring:1]]]");
  });

  it("removes a whole link when an edit touches part of it", () => {
    const draft = withLink();
    // The browser deleted the link's last character (Backspace not intercepted).
    const cut = applyInputChange(draft, "hi [Staff of Embers there", 19);
    expect(cut && draftText(cut.draft)).toBe("hi  there");
    expect(cut?.caret).toBe(3);
    // A character typed inside the link replaces the link.
    const inside = applyInputChange(draft, "hi [StaffX of Embers] there", 10);
    expect(inside && draftText(inside.draft)).toBe("hi X there");
    // Selecting across the link and typing.
    const across = applyInputChange(draft, "hZere", 2);
    expect(across && draftText(across.draft)).toBe("hZere");
  });

  it("refuses typing past the length limit", () => {
    const full = textDraft("a".repeat(CHAT_MAX_LENGTH));
    expect(
      applyInputChange(full, `${"a".repeat(CHAT_MAX_LENGTH)}b`, CHAT_MAX_LENGTH + 1),
    ).toBeNull();
    // Deleting is always fine.
    expect(applyInputChange(full, "a".repeat(CHAT_MAX_LENGTH - 1))).not.toBeNull();
  });

  it("counts links by their token against the limit", () => {
    const token = itemToken(staff).length;
    const draft = normalizeDraft([
      { kind: "text", text: "a".repeat(CHAT_MAX_LENGTH - token) },
      { kind: "item", item: staff },
    ]);
    expect(serializeDraft(draft)).toHaveLength(CHAT_MAX_LENGTH);
    const shown = draftText(draft);
    expect(applyInputChange(draft, `b${shown}`, 1)).toBeNull();
  });
});

describe("Backspace and Delete remove a link as one unit", () => {
  it("Backspace right after a link removes all of it", () => {
    const edit = backspaceUnit(withLink(), { start: 20, end: 20 });
    expect(edit && draftText(edit.draft)).toBe("hi  there");
    expect(edit?.caret).toBe(3);
  });

  it("Backspace elsewhere or with a selection is left to the input", () => {
    expect(backspaceUnit(withLink(), { start: 3, end: 3 })).toBeNull();
    expect(backspaceUnit(withLink(), { start: 22, end: 22 })).toBeNull();
    expect(backspaceUnit(withLink(), { start: 18, end: 20 })).toBeNull();
  });

  it("Backspace with the caret inside a link removes the link", () => {
    const edit = backspaceUnit(withLink(), { start: 10, end: 10 });
    expect(edit && draftText(edit.draft)).toBe("hi  there");
  });

  it("Delete right before a link removes all of it", () => {
    const edit = deleteUnit(withLink(), { start: 3, end: 3 });
    expect(edit && draftText(edit.draft)).toBe("hi  there");
    expect(edit?.caret).toBe(3);
    expect(deleteUnit(withLink(), { start: 20, end: 20 })).toBeNull();
  });

  it("two links in a row go one at a time", () => {
    const draft = normalizeDraft([
      { kind: "item", item: ring },
      { kind: "item", item: staff },
    ]);
    const first = backspaceUnit(draft, {
      start: draftText(draft).length,
      end: draftText(draft).length,
    });
    expect(first && serializeDraft(first.draft)).toBe("[[item:7:Ring:1]]");
    const second = first && backspaceUnit(first.draft, { start: first.caret, end: first.caret });
    expect(second?.draft).toEqual([]);
  });
});

describe("caret snapping", () => {
  it("moves a caret inside a link to the nearer edge", () => {
    const draft = withLink();
    expect(snapCaret(draft, 5)).toBe(3);
    expect(snapCaret(draft, 18)).toBe(20);
    expect(snapCaret(draft, 3)).toBe(3);
    expect(snapCaret(draft, 20)).toBe(20);
    expect(snapCaret(draft, 1)).toBe(1);
  });
});

describe("inserting an item link", () => {
  it("adds spaces around the link where needed and puts the caret after it", () => {
    const edit = insertItemLink(textDraft("look"), { start: 4, end: 4 }, staff);
    expect(edit && serializeDraft(edit.draft)).toBe("look [[item:42:Staff of Embers:4]] ");
    expect(edit?.caret).toBe(draftText(edit?.draft ?? []).length);
    const empty = insertItemLink(EMPTY_DRAFT, { start: 0, end: 0 }, ring);
    expect(empty && serializeDraft(empty.draft)).toBe("[[item:7:Ring:1]] ");
    const between = insertItemLink(textDraft("a  b"), { start: 2, end: 2 }, ring);
    expect(between && serializeDraft(between.draft)).toBe("a [[item:7:Ring:1]] b");
  });

  it("replaces the selection and cleans the name", () => {
    const edit = insertItemLink(
      textDraft("sell this now"),
      { start: 5, end: 9 },
      {
        id: 3,
        name: "Hat [[of]]\nDoom",
        rarity: 2,
      },
    );
    expect(edit && serializeDraft(edit.draft)).toBe("sell [[item:3:Hat of Doom:2]] now");
  });

  it("refuses bad ids and links that do not fit", () => {
    expect(insertItemLink(EMPTY_DRAFT, { start: 0, end: 0 }, { ...ring, id: 0 })).toBeNull();
    const nearlyFull = textDraft("a".repeat(CHAT_MAX_LENGTH - 5));
    expect(insertItemLink(nearlyFull, { start: 295, end: 295 }, ring)).toBeNull();
    // Room for the link but not its spaces: the link alone.
    const tight = textDraft("a".repeat(CHAT_MAX_LENGTH - itemToken(ring).length));
    const at = draftText(tight).length;
    const edit = insertItemLink(tight, { start: at, end: at }, ring);
    expect(edit && serializeDraft(edit.draft)).toHaveLength(CHAT_MAX_LENGTH);
  });
});

describe("pasting", () => {
  it("turns pasted item tokens with a name into links and keeps others as text", () => {
    expect(pastedSegments("a [[item:5:Cap:3]] b [[item:6]] [[loot:3]]")).toEqual([
      { kind: "text", text: "a " },
      { kind: "item", item: { id: 5, name: "Cap", rarity: 3 } },
      { kind: "text", text: " b [[item:6]] [[loot:3]]" },
    ]);
  });

  it("cuts what does not fit", () => {
    const edit = pasteText(EMPTY_DRAFT, { start: 0, end: 0 }, "x".repeat(400));
    expect(edit && serializeDraft(edit.draft)).toHaveLength(CHAT_MAX_LENGTH);
    const full = textDraft("a".repeat(CHAT_MAX_LENGTH));
    expect(pasteText(full, { start: 0, end: 0 }, "more")).toBeNull();
  });

  it("replaces a selection that covers part of a link together with the whole link", () => {
    const edit = pasteText(withLink(), { start: 1, end: 8 }, "ey");
    expect(edit && draftText(edit.draft)).toBe("hey there");
  });
});

describe("replaceRange", () => {
  it("clamps out-of-range positions", () => {
    const edit = replaceRange(textDraft("abc"), -5, 99, [{ kind: "text", text: "z" }]);
    expect(draftText(edit.draft)).toBe("z");
    expect(edit.caret).toBe(1);
  });
});
