import { describe, expect, it } from "vitest";
import {
  CHAT_MAX_PARTS,
  ChatPartKind,
  type ItemLookup,
  parseChatLink,
  parseChatText,
  sanitizeChatText,
} from "../src/chat-tokens";
import { Rarity } from "../src/enums";
import { LootId } from "../src/loot";

const items: ItemLookup = (id) =>
  id === 123 ? { name: "Staff of Embers", rarity: Rarity.Epic } : undefined;
const emotes = new Set(["Kappa", "peepoHappy", "ミ"]);
const text = (t: string) => ({ kind: ChatPartKind.Text, text: t });
const url = (shown: string, href: string) => ({ kind: ChatPartKind.Url, text: shown, url: href });

/** Every part a message can contain is plain data; none is ever markup or a non-http link. */
function expectSafe(parts: ReturnType<typeof parseChatText>): void {
  for (const part of parts) {
    expect([1, 2, 3, 4, 5]).toContain(part.kind);
    if (part.kind === ChatPartKind.Url) expect(part.url).toMatch(/^https?:\/\//);
    else expect(part.url).toBeUndefined();
    if (part.url) expect(part.url).not.toMatch(/[<>"\s]/);
  }
}

describe("parseChatLink", () => {
  it("reads an item link with id, name and rarity", () => {
    expect(parseChatLink("item:123:Staff of Embers:4")).toEqual({
      kind: "item",
      id: 123,
      name: "Staff of Embers",
      rarity: 4,
    });
  });

  it("gives rarity none (0) when it is missing, and allows the name to be missing", () => {
    expect(parseChatLink("item:123:Staff of Embers")).toEqual({
      kind: "item",
      id: 123,
      name: "Staff of Embers",
      rarity: 0,
    });
    expect(parseChatLink("item:123")).toEqual({
      kind: "item",
      id: 123,
      name: undefined,
      rarity: 0,
    });
    expect(parseChatLink("item:123::5")).toEqual({
      kind: "item",
      id: 123,
      name: undefined,
      rarity: 5,
    });
  });

  it("keeps colons inside the name and reads only a final digit as the rarity", () => {
    expect(parseChatLink("item:9:Formula: Fire:3")).toMatchObject({
      name: "Formula: Fire",
      rarity: 3,
    });
    expect(parseChatLink("item:9:Formula: Fire")).toMatchObject({
      name: "Formula: Fire",
      rarity: 0,
    });
    // A single segment after the id is the name, by position.
    expect(parseChatLink("item:9:4")).toMatchObject({ name: "4", rarity: 0 });
  });

  it("reads a loot link with a numeric id only", () => {
    expect(parseChatLink("loot:1")).toEqual({ kind: "loot", id: 1 });
    expect(parseChatLink("loot:1:Mana Dust")).toBeUndefined();
    expect(parseChatLink("loot:1:2")).toBeUndefined();
  });

  it("refuses anything outside the grammar", () => {
    for (const inner of [
      "",
      "item",
      "item:",
      "item:abc",
      "item:-5",
      "item:+5",
      "item:1.5",
      "item:0",
      "item: 12",
      "item:0x10",
      "item:1e3",
      "item:99999999999999999", // 17 digits
      "item:9007199254740993", // beyond safe integers
      "item:1:Sword:8",
      "item:1:Sword:12",
      "item:1:Sword:04",
      `item:1:${"x".repeat(101)}`,
      "ITEM:1",
      "Item:1",
      "loot:",
      "loot:x",
      "weapon:1",
      "script:1",
    ]) {
      expect(parseChatLink(inner), inner).toBeUndefined();
    }
  });
});

describe("parseChatText", () => {
  it("keeps plain text as one text part", () => {
    expect(parseChatText("hello there, mage")).toEqual([text("hello there, mage")]);
    expect(parseChatText("")).toEqual([]);
  });

  it("turns a real item link into an item part with the server's name and rarity", () => {
    expect(
      parseChatText("look [[item:123:Staff of Embers:4]] nice", { itemLookup: items }),
    ).toEqual([
      text("look "),
      { kind: ChatPartKind.Item, text: "Staff of Embers", refId: 123, rarity: Rarity.Epic },
      text(" nice"),
    ]);
  });

  it("does not let the sender claim another name or rarity for an item", () => {
    const [part] = parseChatText("[[item:123:Godslayer:7]]", { itemLookup: items });
    expect(part).toEqual({
      kind: ChatPartKind.Item,
      text: "Staff of Embers",
      refId: 123,
      rarity: Rarity.Epic,
    });
  });

  it("keeps an unknown item id, or any item without a lookup, as its original text", () => {
    expect(parseChatText("[[item:999:Fake:7]]", { itemLookup: items })).toEqual([
      text("[[item:999:Fake:7]]"),
    ]);
    expect(parseChatText("see [[item:123:Staff of Embers:4]]")).toEqual([
      text("see [[item:123:Staff of Embers:4]]"),
    ]);
  });

  it("turns a loot link into a loot part from the catalogue (ids 1-50)", () => {
    expect(parseChatText("[[loot:1]]")).toEqual([
      { kind: ChatPartKind.Loot, text: "Mana Dust", refId: LootId.ManaDust, rarity: Rarity.Common },
    ]);
    expect(parseChatText("[[loot:50]]")[0]).toMatchObject({ kind: ChatPartKind.Loot, refId: 50 });
    for (const bad of ["[[loot:0]]", "[[loot:51]]", "[[loot:99999999999999999999]]"]) {
      expect(parseChatText(bad)).toEqual([text(bad)]);
    }
  });

  it("keeps malformed and nested brackets as text and still reads the inner link", () => {
    expect(parseChatText("[[item:[[loot:3]]]]")).toEqual([
      text("[[item:"),
      { kind: ChatPartKind.Loot, text: "Codex", refId: 3, rarity: Rarity.Legendary },
      text("]]"),
    ]);
    expect(parseChatText("[[loot:3]")).toEqual([text("[[loot:3]")]);
    expect(parseChatText("[loot:3]]")).toEqual([text("[loot:3]]")]);
    expect(parseChatText("[[ loot:3]]")).toEqual([text("[[ loot:3]]")]);
    expect(parseChatText("[[[loot:3]]]")).toEqual([
      text("["),
      { kind: ChatPartKind.Loot, text: "Codex", refId: 3, rarity: Rarity.Legendary },
      text("]"),
    ]);
  });

  it("reads several links and keeps the text between them", () => {
    const parts = parseChatText("[[loot:7]]+[[loot:8]] for [[item:123]]", { itemLookup: items });
    expect(parts.map((p) => p.kind)).toEqual([5, 1, 5, 1, 4]);
    expect(parts[1]).toEqual(text("+"));
    expect(parts[3]).toEqual(text(" for "));
  });

  it("detects web addresses with a scheme", () => {
    expect(parseChatText("https://a.b/c")).toEqual([url("https://a.b/c", "https://a.b/c")]);
    expect(parseChatText("go http://example.com now")).toEqual([
      text("go "),
      url("http://example.com", "http://example.com/"),
      text(" now"),
    ]);
  });

  it("detects bare web addresses and adds https", () => {
    expect(parseChatText("example.com/x")).toEqual([url("example.com/x", "https://example.com/x")]);
    expect(parseChatText("www.example.org")).toEqual([
      url("www.example.org", "https://www.example.org/"),
    ]);
    expect(parseChatText("sub.example.co.uk:8080/a?b=c#d")).toEqual([
      url("sub.example.co.uk:8080/a?b=c#d", "https://sub.example.co.uk:8080/a?b=c#d"),
    ]);
  });

  it("leaves surrounding punctuation out of the address", () => {
    expect(parseChatText("(see example.com/x).")).toEqual([
      text("(see "),
      url("example.com/x", "https://example.com/x"),
      text(")."),
    ]);
    expect(parseChatText("en.wikipedia.org/wiki/Mage_(fantasy)!")).toEqual([
      url("en.wikipedia.org/wiki/Mage_(fantasy)", "https://en.wikipedia.org/wiki/Mage_(fantasy)"),
      text("!"),
    ]);
    expect(parseChatText('"https://example.com",')).toEqual([
      text('"'),
      url("https://example.com", "https://example.com/"),
      text('",'),
    ]);
  });

  it("never turns other schemes into links", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "javascript://example.com/%0Aalert(1)",
      "data:text/html,<script>alert(1)</script>",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "ftp://example.com/file",
      "http://javascript:alert(1)",
      "https:example.com",
      "http://<script>",
      "https://user:pass@example.com",
      "https://example.com@evil.com",
      "mailto:a@example.com",
      "a@example.com",
    ]) {
      const parts = parseChatText(bad);
      expectSafe(parts);
      expect(parts, bad).toEqual([text(bad)]);
    }
  });

  it("does not mistake numbers, versions or dotted words for addresses", () => {
    for (const word of ["3.14", "1.2.3.4", "v1.2", "e.g.", "a.b", "...", "x..y", "-a.com"]) {
      expect(parseChatText(word), word).toEqual([text(word)]);
    }
  });

  it("percent-encodes markup characters inside an address", () => {
    const parts = parseChatText('https://example.com/a<b>"c');
    expect(parts).toEqual([url('https://example.com/a<b>"c', "https://example.com/a%3Cb%3E%22c")]);
    expectSafe(parts);
  });

  it("refuses addresses longer than the protocol allows", () => {
    const long = `example.com/${"a".repeat(300)}`;
    expect(parseChatText(long)).toEqual([text(long)]);
  });

  it("keeps markup as text: nothing is ever HTML", () => {
    const input = '<script>alert("x")</script> <img src=x onerror=alert(1)> &lt;b&gt;';
    const parts = parseChatText(input, { emotes, itemLookup: items });
    expect(parts).toEqual([text(input)]);
    expectSafe(parts);
  });

  it("turns whole words matching a known emote into emotes", () => {
    expect(parseChatText("hi Kappa Kappa, kappa peepoHappy", { emotes })).toEqual([
      text("hi "),
      { kind: ChatPartKind.Emote, text: "Kappa" },
      text(" Kappa, kappa "),
      { kind: ChatPartKind.Emote, text: "peepoHappy" },
    ]);
    expect(parseChatText("Kappa")).toEqual([text("Kappa")]);
  });

  it("handles unicode text, emoji and unicode domains", () => {
    expect(parseChatText("héllo 🧙‍♂️ ミ 魔法", { emotes })).toEqual([
      text("héllo 🧙‍♂️ "),
      { kind: ChatPartKind.Emote, text: "ミ" },
      text(" 魔法"),
    ]);
    // An internationalised host is shown as where it goes (punycode); the path stays typed.
    expect(parseChatText("münchen.de/straße")).toEqual([
      url("xn--mnchen-3ya.de/straße", "https://xn--mnchen-3ya.de/stra%C3%9Fe"),
    ]);
  });

  it("shows a look-alike host in punycode, so the text shows where the link goes", () => {
    // "аpple.com" with a Cyrillic а (U+0430).
    expect(parseChatText("see \u0430pple.com/login!")).toEqual([
      text("see "),
      url("xn--pple-43d.com/login", "https://xn--pple-43d.com/login"),
      text("!"),
    ]);
    expect(parseChatText("https://\u0430pple.com:8443/x")).toEqual([
      url("https://xn--pple-43d.com:8443/x", "https://xn--pple-43d.com:8443/x"),
    ]);
    // Full-width letters are mapped by the URL parser: shown as the ASCII host they reach.
    expect(parseChatText("https://ｅｘａｍｐｌｅ.com")).toEqual([
      url("https://example.com", "https://example.com/"),
    ]);
    // ASCII hosts stay exactly as typed.
    expect(parseChatText("Example.COM/Path")).toEqual([
      url("Example.COM/Path", "https://example.com/Path"),
    ]);
  });

  it("preserves whitespace exactly", () => {
    expect(parseChatText("a  Kappa   b", { emotes })).toEqual([
      text("a  "),
      { kind: ChatPartKind.Emote, text: "Kappa" },
      text("   b"),
    ]);
  });

  it("stays within the part limit, turning later links into text", () => {
    const input = Array.from({ length: 300 }, () => "Kappa").join(" ");
    const parts = parseChatText(input, { emotes });
    expect(parts.length).toBeLessThanOrEqual(CHAT_MAX_PARTS);
    expect(parts.filter((p) => p.kind === ChatPartKind.Emote).length).toBe(100);
    const rebuilt = parts.map((p) => p.text).join("");
    expect(rebuilt).toBe(input);
    expect(parseChatText("Kappa Kappa Kappa", { emotes, maxParts: 3 })).toEqual([
      { kind: ChatPartKind.Emote, text: "Kappa" },
      text(" Kappa Kappa"),
    ]);
  });

  it("parses long and hostile input quickly", () => {
    const hostile = `${"[[".repeat(5000)}${"]]".repeat(5000)}${"a.".repeat(5000)} ${"(".repeat(5000)}`;
    const started = performance.now();
    const parts = parseChatText(hostile, { emotes, itemLookup: items });
    expect(performance.now() - started).toBeLessThan(500);
    expect(parts.map((p) => p.text).join("")).toBe(hostile);
    expectSafe(parts);
  });
});

describe("sanitizeChatText", () => {
  it("turns pasted line breaks and tabs into spaces and trims", () => {
    expect(sanitizeChatText("  hello\r\nworld\tagain \n")).toBe("hello  world again");
  });

  it("removes control and bidi-override characters", () => {
    expect(sanitizeChatText("a\u0000b\u0007c\u202Ed\u2066e\u200Ff\uFEFF")).toBe("abcdef");
  });

  it("keeps emoji joiners and other text", () => {
    expect(sanitizeChatText("🧙‍♂️ <b>")).toBe("🧙‍♂️ <b>");
  });

  it("removes zero-width and other invisible characters, and joiners outside emoji", () => {
    expect(sanitizeChatText("a\u200bb\u200cc\u200dd\u2060e\u061cf\u00adg")).toBe("abcdefg");
    expect(sanitizeChatText("pay\u3164pal \u180e\u115f\u1160\uffa0x")).toBe("paypal x");
  });

  it("empties a line with nothing visible, so it is refused like an empty line", () => {
    for (const raw of [
      "\u200b",
      "\u200b\u200c\u200d\u2060",
      "\u3164",
      "\u3164 \u3164",
      "\u115f\u1160\uffa0",
      "\u2800\u2800",
      "\u180e \ufeff",
      "\ufe0f",
    ]) {
      expect(sanitizeChatText(raw), JSON.stringify(raw)).toBe("");
    }
    expect(sanitizeChatText("\u2800hi\u2800")).toBe("\u2800hi\u2800");
  });
});
