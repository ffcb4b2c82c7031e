import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/**
 * The chat's emote set, served by the game server (issue 14, privacy): the server fetches
 * the set from the emote service once (`EMOTE_SET_URL`, 7TV's global set by default) and
 * each emote image the first time a browser asks for it, and keeps them in memory. Browsers
 * then contact only the game server. `GET /api/emotes` answers the set in the service's own
 * shape (what the web client reads) with every image address pointing at
 * `/api/emotes/{id}/{file}`; only the emotes of the set and their 1x WebP files are served,
 * so this is no open proxy.
 */

/** The two files the client uses: the 1x WebP and its still variant. */
const FILES = /^1x(_static)?\.webp$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** How long a fetched set is kept before it is fetched again. */
const SET_TTL_MS = 24 * 3_600_000;
/** After a failed fetch, the set is not asked for again before this. */
const RETRY_MS = 10 * 60_000;
const FETCH_TIMEOUT_MS = 10_000;
/** Images held in memory at most (a global set is a few MiB). */
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
const MAX_IMAGE = 1024 * 1024;
const MAX_EMOTES = 5000;

interface Upstream {
  /** The upstream address of the emote's files ("https://cdn…/emote/ID"). */
  base: string;
  files: Set<string>;
}

interface CachedSet {
  /** The answer for browsers (addresses rewritten to this server). */
  body: string;
  emotes: Map<string, Upstream>;
  at: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Rewrites an emote set: each emote's host becomes `/api/emotes/{id}` and only the 1x WebP
 * files stay. Emotes without an id, a host or such a file are left out.
 */
export function rewriteEmoteSet(
  json: unknown,
  setUrl: string,
): { body: unknown; emotes: Map<string, Upstream> } {
  const emotes = new Map<string, Upstream>();
  const out: unknown[] = [];
  const list = isRecord(json) && Array.isArray(json.emotes) ? json.emotes : [];
  for (const raw of list.slice(0, MAX_EMOTES)) {
    if (!isRecord(raw)) continue;
    const data = isRecord(raw.data) ? raw.data : {};
    const id = typeof raw.id === "string" ? raw.id : data.id;
    const name = typeof raw.name === "string" ? raw.name : data.name;
    const host = isRecord(data.host) ? data.host : isRecord(raw.host) ? raw.host : null;
    if (typeof id !== "string" || !ID.test(id) || typeof name !== "string") continue;
    if (!host || typeof host.url !== "string" || !Array.isArray(host.files)) continue;
    let base: string;
    try {
      base = new URL(host.url.replace(/\/+$/, ""), setUrl).href;
    } catch {
      continue;
    }
    if (!/^https?:/.test(base)) continue;
    const files = host.files.filter(
      (f): f is Record<string, unknown> =>
        isRecord(f) && typeof f.name === "string" && FILES.test(f.name),
    );
    const oneX = files.find((f) => f.name === "1x.webp");
    if (!oneX) continue;
    const staticName =
      typeof oneX.static_name === "string" && FILES.test(oneX.static_name)
        ? oneX.static_name
        : undefined;
    emotes.set(id, { base, files: new Set(["1x.webp", ...(staticName ? [staticName] : [])]) });
    out.push({
      id,
      name,
      data: {
        animated: data.animated === true || raw.animated === true,
        host: {
          url: `/api/emotes/${id}`,
          files: [{ name: "1x.webp", ...(staticName ? { static_name: staticName } : {}) }],
        },
      },
    });
  }
  return { body: { emotes: out }, emotes };
}

export class EmoteProxy {
  private set: CachedSet | undefined;
  private loading: Promise<CachedSet | undefined> | undefined;
  private failedAt = 0;
  private readonly images = new Map<string, Buffer>();
  private imageBytes = 0;
  private readonly pendingImages = new Map<string, Promise<Buffer | undefined>>();

  constructor(
    private readonly setUrl: string,
    private readonly log?: FastifyBaseLogger,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  /** The set for browsers (fetched on first use and once a day), or undefined. */
  async emoteSet(now = Date.now()): Promise<CachedSet | undefined> {
    if (this.set && now - this.set.at < SET_TTL_MS) return this.set;
    if (!this.set && now - this.failedAt < RETRY_MS) return undefined;
    this.loading ??= this.load(now).finally(() => {
      this.loading = undefined;
    });
    const loaded = await this.loading;
    return loaded ?? this.set;
  }

  private async load(now: number): Promise<CachedSet | undefined> {
    try {
      const res = await this.fetchFn(this.setUrl, {
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        headers: { accept: "application/json" },
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const { body, emotes } = rewriteEmoteSet(await res.json(), res.url || this.setUrl);
      this.set = { body: JSON.stringify(body), emotes, at: now };
      this.log?.info({ emotes: emotes.size }, "emote set loaded");
      return this.set;
    } catch (err) {
      this.failedAt = now;
      this.log?.warn({ err, url: this.setUrl }, "the emote set could not be loaded");
      return undefined;
    }
  }

  /** An emote image of the set: fetched once, then from memory. */
  async image(id: string, file: string): Promise<Buffer | undefined> {
    if (!ID.test(id) || !FILES.test(file)) return undefined;
    const set = await this.emoteSet();
    const upstream = set?.emotes.get(id);
    if (!upstream?.files.has(file)) return undefined;
    const key = `${id}/${file}`;
    const held = this.images.get(key);
    if (held) return held;
    let pending = this.pendingImages.get(key);
    if (!pending) {
      pending = this.fetchImage(`${upstream.base}/${file}`).finally(() =>
        this.pendingImages.delete(key),
      );
      this.pendingImages.set(key, pending);
    }
    const image = await pending;
    if (image && !this.images.has(key) && this.imageBytes + image.length <= MAX_IMAGE_BYTES) {
      this.images.set(key, image);
      this.imageBytes += image.length;
    }
    return image;
  }

  private async fetchImage(url: string): Promise<Buffer | undefined> {
    try {
      const res = await this.fetchFn(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      if (body.length > MAX_IMAGE) throw new Error(`${body.length} bytes`);
      return body;
    } catch (err) {
      this.log?.warn({ err, url }, "an emote image could not be loaded");
      return undefined;
    }
  }
}

/** `GET /api/emotes` and `GET /api/emotes/{id}/{file}`; with no set configured, an empty set. */
export function emoteRoutes(app: FastifyInstance, proxy: EmoteProxy | undefined): void {
  app.get("/api/emotes", async (_req, reply) => {
    const set = await proxy?.emoteSet();
    if (!set) {
      // Nothing yet (no set, or the service is unreachable): ask again in a few minutes.
      return reply
        .header("cache-control", "public, max-age=300")
        .type("application/json; charset=utf-8")
        .send('{"emotes":[]}');
    }
    return reply
      .header("cache-control", "public, max-age=3600")
      .type("application/json; charset=utf-8")
      .send(set.body);
  });
  app.get<{ Params: { id: string; file: string } }>("/api/emotes/:id/:file", async (req, reply) => {
    const image = await proxy?.image(req.params.id, req.params.file);
    if (!image) return reply.code(404).send({ error: "No such emote" });
    return reply
      .header("cache-control", "public, max-age=2592000, immutable")
      .type("image/webp")
      .send(image);
  });
}
