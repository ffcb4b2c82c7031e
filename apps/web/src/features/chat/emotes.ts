import { useSyncExternalStore } from "react";
import { booleanCodec, createLocalValue, useLocalValue } from "../../lib/localValue";
import {
  DEFAULT_EMOTE_SET_URL,
  EMOTE_MODES,
  type Emote,
  type EmoteMode,
  parseCachedEmotes,
  parseEmoteSet,
  serializeEmotes,
} from "./emoteSet";

/** localStorage "emote-mode": animated (default), static or text. */
export const emoteMode = createLocalValue<EmoteMode>("emote-mode", {
  parse: (raw) => (EMOTE_MODES.includes(raw as EmoteMode) ? (raw as EmoteMode) : "animated"),
  serialize: (value) => value,
});

/** localStorage "emote-mode-system": whether system lines show emotes as images. */
export const emotesInSystem = createLocalValue("emote-mode-system", booleanCodec(true));

/** localStorage "chat-emotes": the last emote set loaded, shown until the new one arrives. */
const emoteCache = createLocalValue<ReadonlyMap<string, Emote>>("chat-emotes", {
  parse: parseCachedEmotes,
  serialize: serializeEmotes,
});

export function useEmoteMode(): EmoteMode {
  return useLocalValue(emoteMode);
}

export function useEmotesInSystem(): boolean {
  return useLocalValue(emotesInSystem);
}

/** The configured emote set address; an empty VITE_EMOTE_SET_URL turns emotes off. */
export function emoteSetUrl(): string {
  const configured = import.meta.env.VITE_EMOTE_SET_URL;
  return configured === undefined ? DEFAULT_EMOTE_SET_URL : configured.trim();
}

let emotes: ReadonlyMap<string, Emote> = new Map();
let started = false;
const listeners = new Set<() => void>();

function setEmotes(next: ReadonlyMap<string, Emote>): void {
  emotes = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const EMPTY: ReadonlyMap<string, Emote> = new Map();

/** The emotes known now (empty until loaded, or when the service failed). */
export function useEmotes(): ReadonlyMap<string, Emote> {
  return useSyncExternalStore(
    subscribe,
    () => emotes,
    () => EMPTY,
  );
}

/**
 * One GET for the emote set per page load. On any failure (network, non-OK status, bad
 * body) it warns and carries on with no emotes.
 */
export function loadEmotesOnce(): void {
  if (started) return;
  started = true;
  const url = emoteSetUrl();
  if (url === "") return;
  setEmotes(emoteCache.get());
  fetch(url, { credentials: "omit", referrerPolicy: "no-referrer" })
    .then(async (response) => {
      if (!response.ok) throw new Error(`status ${response.status}`);
      const base = response.url || new URL(url, window.location.href).href;
      const loaded = parseEmoteSet(await response.json(), base);
      setEmotes(loaded);
      emoteCache.set(loaded);
    })
    .catch((err: unknown) => {
      console.warn("Emotes could not be loaded; chat shows emote names as text.", err);
      setEmotes(new Map());
      emoteCache.clear();
    });
}
