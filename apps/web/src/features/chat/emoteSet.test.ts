import { describe, expect, it } from "vitest";
import { emoteImage, parseCachedEmotes, parseEmoteSet, serializeEmotes } from "./emoteSet";

const BASE = "https://7tv.io/v3/emote-sets/global";

const files = (extra: object[] = []) => [
  { name: "1x.webp", static_name: "1x_static.webp", format: "WEBP" },
  { name: "2x.webp", static_name: "2x_static.webp", format: "WEBP" },
  { name: "1x.avif", static_name: "1x_static.avif", format: "AVIF" },
  ...extra,
];

const SET = {
  id: "global",
  emotes: [
    {
      name: "KEKW",
      data: { animated: false, host: { url: "//cdn.example/emote/a", files: files() } },
    },
    {
      name: "catJAM",
      data: { animated: true, host: { url: "//cdn.example/emote/b/", files: files() } },
    },
    {
      name: "NoWebp",
      data: { host: { url: "//cdn.example/emote/c", files: [{ name: "1x.avif" }] } },
    },
    { name: "Evil", data: { host: { url: "javascript:alert(1)//", files: files() } } },
    { name: "two words", data: { host: { url: "//cdn.example/emote/d", files: files() } } },
    { name: "KEKW", data: { host: { url: "//cdn.example/emote/dup", files: files() } } },
    "junk",
  ],
};

describe("parseEmoteSet", () => {
  it("reads name, animated flag and the 1x webp of each emote", () => {
    const emotes = parseEmoteSet(SET, BASE);
    expect([...emotes.keys()]).toEqual(["KEKW", "catJAM"]);
    expect(emotes.get("KEKW")).toEqual({
      name: "KEKW",
      animated: false,
      url: "https://cdn.example/emote/a/1x.webp",
      staticUrl: "https://cdn.example/emote/a/1x_static.webp",
    });
    expect(emotes.get("catJAM")?.animated).toBe(true);
    expect(emotes.get("catJAM")?.url).toBe("https://cdn.example/emote/b/1x.webp");
  });

  it("resolves protocol-relative hosts against the set's own address", () => {
    const local = parseEmoteSet(SET, "http://127.0.0.1:4000/emotes.json");
    expect(local.get("KEKW")?.url).toBe("http://cdn.example/emote/a/1x.webp");
  });

  it("gives nothing for a broken body", () => {
    expect(parseEmoteSet(null, BASE).size).toBe(0);
    expect(parseEmoteSet({ emotes: "no" }, BASE).size).toBe(0);
    expect(parseEmoteSet([], BASE).size).toBe(0);
  });
});

describe("emoteImage", () => {
  const emotes = parseEmoteSet(SET, BASE);
  const user = { system: false, emotesInSystem: false };

  it("follows the emote mode", () => {
    expect(emoteImage(emotes.get("catJAM"), "animated", user)).toBe(
      "https://cdn.example/emote/b/1x.webp",
    );
    expect(emoteImage(emotes.get("catJAM"), "static", user)).toBe(
      "https://cdn.example/emote/b/1x_static.webp",
    );
    expect(emoteImage(emotes.get("KEKW"), "static", user)).toBe(
      "https://cdn.example/emote/a/1x.webp",
    );
    expect(emoteImage(emotes.get("KEKW"), "text", user)).toBeNull();
  });

  it("shows unknown emotes as text", () => {
    expect(emoteImage(undefined, "animated", user)).toBeNull();
  });

  it("shows emotes in system lines only when that preference is on", () => {
    const kekw = emotes.get("KEKW");
    expect(emoteImage(kekw, "animated", { system: true, emotesInSystem: false })).toBeNull();
    expect(emoteImage(kekw, "animated", { system: true, emotesInSystem: true })).not.toBeNull();
  });
});

describe("the local emote cache", () => {
  it("round-trips and drops bad entries", () => {
    const emotes = parseEmoteSet(SET, BASE);
    expect(parseCachedEmotes(serializeEmotes(emotes))).toEqual(emotes);
    expect(parseCachedEmotes("nope").size).toBe(0);
    expect(parseCachedEmotes(null).size).toBe(0);
    expect(
      parseCachedEmotes(
        JSON.stringify([
          { name: "X", url: "javascript:1" },
          { name: "Y", url: "https://a/1x.webp" },
        ]),
      ).size,
    ).toBe(1);
  });
});
