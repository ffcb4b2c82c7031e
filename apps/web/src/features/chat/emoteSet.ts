/**
 * The emote set of the third-party emote service (spec 000 section 7): one GET at load; the
 * response's `emotes` list gives each emote's name, animated flag, host url and file names.
 * Only the 1x webp file is used (and its static twin for the static emote mode). Pure.
 */

export interface Emote {
  name: string;
  animated: boolean;
  /** The 1x webp image. */
  url: string;
  /** The 1x webp's static variant, when the service has one. */
  staticUrl: string | null;
}

export type EmoteMode = "animated" | "static" | "text";
export const EMOTE_MODES: readonly EmoteMode[] = ["animated", "static", "text"];

/**
 * The default emote set: the game server's own copy (`/api/emotes`, fetched by the server
 * from the emote service the operator chose, images included), so the browser contacts no
 * third party. A build with `VITE_EMOTE_SET_URL` loads a set straight from that address.
 */
export const DEFAULT_EMOTE_SET_URL = "/api/emotes";

const WEBP_1X = "1x.webp";
/** Emote names are single words; the protocol carries up to 50 characters for names. */
const EMOTE_NAME = /^\S{1,50}$/;
/** More than this many emotes in one set is not a set we want to hold. */
const MAX_EMOTES = 5000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An absolute http(s) address for `path` next to the emote set address, or null. */
function imageUrl(hostUrl: string, file: string, base: string): string | null {
  if (!/^[\w.-]+$/.test(file)) return null;
  try {
    const url = new URL(`${hostUrl.replace(/\/+$/, "")}/${file}`, base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Reads an emote set response. Emotes without a 1x webp file, with an odd name or an
 * address that is not http(s) are left out. `base` resolves protocol-relative host urls
 * ("//cdn.example/emote/1") against the set's own address.
 */
export function parseEmoteSet(json: unknown, base: string): Map<string, Emote> {
  const emotes = new Map<string, Emote>();
  if (!isRecord(json) || !Array.isArray(json.emotes)) return emotes;
  for (const raw of json.emotes.slice(0, MAX_EMOTES)) {
    if (!isRecord(raw)) continue;
    const data = isRecord(raw.data) ? raw.data : {};
    const name = typeof raw.name === "string" ? raw.name : data.name;
    if (typeof name !== "string" || !EMOTE_NAME.test(name) || emotes.has(name)) continue;
    const host = isRecord(data.host) ? data.host : isRecord(raw.host) ? raw.host : null;
    if (!host || typeof host.url !== "string" || !Array.isArray(host.files)) continue;
    const file = host.files.find(
      (f): f is Record<string, unknown> => isRecord(f) && f.name === WEBP_1X,
    );
    if (!file) continue;
    const url = imageUrl(host.url, WEBP_1X, base);
    if (!url) continue;
    const staticName = typeof file.static_name === "string" ? file.static_name : null;
    const staticUrl = staticName ? imageUrl(host.url, staticName, base) : null;
    const animated = data.animated === true || raw.animated === true;
    emotes.set(name, { name, animated, url, staticUrl });
  }
  return emotes;
}

/**
 * The image to draw for an emote part, or null to show its name as text: text mode, an
 * unknown emote, or a system line while emotes in system messages are off.
 */
export function emoteImage(
  emote: Emote | undefined,
  mode: EmoteMode,
  options: { system: boolean; emotesInSystem: boolean },
): string | null {
  if (!emote || mode === "text") return null;
  if (options.system && !options.emotesInSystem) return null;
  if (mode === "static" && emote.animated) return emote.staticUrl ?? emote.url;
  return emote.url;
}

/** Emotes as stored in the local cache (localStorage "chat-emotes"). */
export function serializeEmotes(emotes: ReadonlyMap<string, Emote>): string {
  return JSON.stringify([...emotes.values()]);
}

export function parseCachedEmotes(raw: string | null): Map<string, Emote> {
  const emotes = new Map<string, Emote>();
  if (raw === null) return emotes;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emotes;
  }
  if (!Array.isArray(data)) return emotes;
  for (const entry of data.slice(0, MAX_EMOTES)) {
    if (!isRecord(entry)) continue;
    const { name, animated, url, staticUrl } = entry;
    if (typeof name !== "string" || !EMOTE_NAME.test(name) || typeof url !== "string") continue;
    if (!/^https?:\/\//.test(url)) continue;
    const still =
      typeof staticUrl === "string" && /^https?:\/\//.test(staticUrl) ? staticUrl : null;
    emotes.set(name, { name, animated: animated === true, url, staticUrl: still });
  }
  return emotes;
}
