import path from "node:path";
import { validatePlayerName } from "@manaspire/game";
import { z } from "zod";
import { RESERVED_PROVIDER_IDS } from "./auth/identity-providers";
import { parseTrustProxy, type TrustProxy } from "./http/trusted-proxy";

const boolFromEnv = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Player names separated by commas or spaces (each a valid name), at most 1,000. */
const playerNames = z
  .string()
  .max(30_000)
  .transform((v) => v.split(/[\s,]+/).filter((name) => name !== ""))
  .pipe(
    z
      .array(
        z.string().refine((name) => validatePlayerName(name) === null, {
          error: (issue) => `"${String(issue.input)}" is not a valid player name`,
        }),
      )
      .max(1000),
  );

/**
 * OIDC_PROVIDERS: a JSON array of an operator's OpenID Connect providers (Keycloak,
 * Authentik…), each `{ id, name, issuer, clientId, clientSecret, scope? }`.
 */
const oidcProviders = z
  .string()
  .max(50_000)
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON array" });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.strictObject({
          id: z
            .string()
            .regex(/^[a-z][a-z0-9-]{1,19}$/, "id: 2-20 lowercase letters, digits or dashes")
            .refine((id) => !(RESERVED_PROVIDER_IDS as readonly string[]).includes(id), {
              error: (issue) => `id "${String(issue.input)}" is taken by a built-in provider`,
            }),
          name: z.string().min(1).max(30),
          issuer: z.url({ protocol: /^https?$/ }),
          clientId: z.string().min(1).max(500),
          clientSecret: z.string().min(1).max(2000),
          scope: z.string().max(500).optional(),
        }),
      )
      .max(20)
      .refine((list) => new Set(list.map((p) => p.id)).size === list.length, {
        error: "provider ids must be unique",
      }),
  );

/** The push services of Chrome/Edge/Android (FCM), Firefox, Safari and Windows. */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  "fcm.googleapis.com",
  "push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
];

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    /** PostgreSQL connection string; without it the embedded PGlite database is used. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /**
     * `redis://…`: several processes of one world talk through this Redis (chat, whispers,
     * toasts, presence, hand-over of players). Implies CLUSTER.
     */
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Where the embedded database lives. */
    DATA_DIR: z.string().min(1).default("./data"),
    /**
     * The embedded database's page cache (PostgreSQL's shared_buffers), all of it resident
     * once the database opens. Pages beyond it are read back from DATA_DIR's files, which the
     * system caches outside the process. docs/operations.md "Requirements and sizing".
     */
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^[1-9][0-9]*(kB|MB|GB)$/, "a size such as 16MB, 64MB or 1GB")
      .default("16MB"),
    /** HMAC secret for login tokens; generated and stored in the database when unset. */
    JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Milliseconds between world ticks (one action per player per tick). */
    TICK_MS: z.coerce.number().int().min(10).max(60_000).default(3000),
    /** Milliseconds between batched writes of loaded players' state. */
    FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(5000),
    /**
     * Milliseconds between writes of loaded players' leaderboard scores by the timed flush (a
     * board shows a player's progress this late at most); 0 writes them with every flush.
     */
    LEADERBOARD_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    /**
     * Embedded database only: milliseconds between `VACUUM`s, which reclaim the space of rows'
     * old versions (PostgreSQL's autovacuum does this itself; db/vacuum.ts); 0: never.
     */
    VACUUM_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    /** Built web client to serve; empty disables static serving. */
    WEB_DIST: z.string().default(path.resolve(import.meta.dirname, "../../web/dist")),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /**
     * `pretty` (coloured lines for a person at a terminal) or `json` (one object per line, for
     * log collectors). Unset: pretty when standard output is a terminal, JSON otherwise.
     */
    LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
    /**
     * Multiplies every item drop chance (an operator's drop event; tests use it to see drops
     * quickly). 1 is the designed rate.
     */
    ITEM_DROP_RATE: z.coerce.number().min(0).max(200).default(1),
    /** Multiplies every Egg chance (an egg hunt event; tests raise it). 1 normally. */
    EGG_DROP_RATE: z.coerce.number().min(0).max(1_000_000).default(1),
    /** Hours the farm's herbs grow per real hour (a harvest festival; tests raise it). 1 normally. */
    FARM_GROWTH_RATE: z.coerce.number().min(0.01).max(100_000).default(1),
    /**
     * Timed world events (docs/game-rules.md "Events"): an Elemental Rift's queue opens every
     * ELEMENTAL_RIFT_EVERY_MS (the spec: 3.5 hours), lasts ELEMENTAL_RIFT_QUEUE_MS (5 minutes),
     * then the rift runs EVENT_DURATION_MS (10 minutes, a Rift of Power too). A Rift of Power
     * opens a seeded random RIFT_OF_POWER_MIN_MS to RIFT_OF_POWER_MAX_MS (3 to 6 hours) after
     * the last, outside every Elemental Rift. Tests shorten them to seconds.
     */
    ELEMENTAL_RIFT_EVERY_MS: z.coerce.number().int().min(1000).max(604_800_000).default(12_600_000),
    ELEMENTAL_RIFT_QUEUE_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    EVENT_DURATION_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
    RIFT_OF_POWER_MIN_MS: z.coerce.number().int().min(1000).max(604_800_000).default(10_800_000),
    RIFT_OF_POWER_MAX_MS: z.coerce.number().int().min(1000).max(604_800_000).default(21_600_000),
    /**
     * How often each process reads the events' rows (and the world's event scheduler runs).
     * Unset: TICK_MS, within 100 ms to 1 s. Test servers set it to 5 s unless they test events,
     * since an idle server's polls were most of its CPU.
     */
    EVENT_POLL_MS: z.coerce.number().int().min(50).max(60_000).optional(),
    /** Health of an Elemental Rift's first boss (each next one has 1.5 times the last's). */
    ELEMENTAL_RIFT_BOSS_HEALTH: z.coerce.number().min(1).max(1e15).default(5_000_000),
    /**
     * Several server processes share this database: they wait for a dead process's lease to
     * expire before taking its players, instead of taking every player at start.
     */
    CLUSTER: boolFromEnv.default(false),
    /** How long a process's claim on its players lasts without a heartbeat (renewed every third). */
    LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(6000),
    /**
     * The operator's listener (docs/security.md "Metrics"): `/metrics` for Prometheus and the
     * detailed `/health` and `/ready`. Unset METRICS_PORT: not served at all. The public port
     * answers only `/api/health` and `/api/ready` with a status word.
     */
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /**
     * The reverse proxies in front of this server (docs/security.md "Reverse proxy"): `false`
     * (none, the default), a hop count (`1`, or `true`: one proxy), or the proxies' addresses
     * and CIDR ranges (`127.0.0.1,10.0.0.0/8`). The client's address is the right-most
     * X-Forwarded-For entry that is not a trusted proxy; X-Forwarded-Proto is read only from a
     * trusted proxy.
     */
    TRUST_PROXY: z
      .string()
      .max(5000)
      .transform((v, ctx): TrustProxy => {
        const parsed = parseTrustProxy(v);
        if (typeof parsed === "object" && !Array.isArray(parsed)) {
          ctx.addIssue({ code: "custom", message: parsed.error });
          return z.NEVER;
        }
        return parsed;
      })
      .default(false),
    /** Open sockets one player may have (browser tabs); one more is refused with 4008. */
    MAX_SOCKETS_PER_PLAYER: z.coerce.number().int().min(1).max(1000).default(5),
    /**
     * Open sockets from one client address (see TRUST_PROXY); one more upgrade is refused with
     * HTTP 429.
     */
    MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(50),
    /**
     * Connections one address may hold before their first request has arrived whole (a
     * half-sent upgrade); one more is closed at once, and each after `PENDING_TIMEOUT_MS`.
     */
    MAX_PENDING_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /**
     * Connections the kernel keeps waiting for the process to accept them (`listen`'s backlog;
     * Linux caps it at `net.core.somaxconn`). Node's 511 overflowed when thousands of sockets
     * of a dead process reconnected at once: the kernel dropped the rest, and each retried
     * after 1, 3, 7… seconds (docs/core/processes.md).
     */
    LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4096),
    /** A socket that sends no `authenticate` within this long is closed (1008). */
    AUTH_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
    /** How long a connection may take to send its first request's headers before it is closed. */
    PENDING_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
    /**
     * Emote names the chat parser turns into emote parts, separated by commas or spaces
     * (case-sensitive, matched against whole words). Unset: a small built-in list
     * (`DEFAULT_CHAT_EMOTES`); `,` alone: no emotes.
     */
    CHAT_EMOTES: z
      .string()
      .max(50_000)
      .transform((v) => v.split(/[\s,]+/).filter((name) => name !== ""))
      .pipe(z.array(z.string().max(50, "each emote name must be at most 50 characters")).max(5000))
      .optional(),
    /**
     * Player names that have the admin or moderator role while listed (case-insensitive), on
     * top of the role stored in `accounts.role`. Read at start.
     */
    /**
     * "While you were away": an absence at least this long (ms since the player's last socket
     * closed) gets a summary at the next connection. Tests shorten it.
     */
    AWAY_SUMMARY_MS: z.coerce.number().int().min(0).max(604_800_000).default(300_000),
    /**
     * The emote set the server fetches once and serves to browsers at /api/emotes (images
     * too), so players' browsers contact no third party; `none` turns emotes off.
     */
    EMOTE_SET_URL: z
      .union([z.literal("none"), z.url({ protocol: /^https?$/ })])
      .default("https://7tv.io/v3/emote-sets/global"),
    ADMIN_NAMES: playerNames.optional(),
    MODERATOR_NAMES: playerNames.optional(),
    /**
     * The address players reach this server at (`https://play.example.com`): identity providers
     * send the browser back to `{PUBLIC_URL}/api/auth/callback/{provider}`. Unset: the address
     * of the request that started the sign-in (with TRUST_PROXY, as the proxy forwarded it).
     */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
    /** The spec's identity providers: each is offered when both its id and secret are set. */
    GOOGLE_CLIENT_ID: z.string().max(500).optional(),
    GOOGLE_CLIENT_SECRET: z.string().max(2000).optional(),
    DISCORD_CLIENT_ID: z.string().max(500).optional(),
    DISCORD_CLIENT_SECRET: z.string().max(2000).optional(),
    TWITCH_CLIENT_ID: z.string().max(500).optional(),
    TWITCH_CLIENT_SECRET: z.string().max(2000).optional(),
    OIDC_PROVIDERS: oidcProviders.optional(),
    /**
     * Web Push (VAPID) key pair, base64url as `web-push generate-vapid-keys` prints them: both or
     * neither. Unset, a pair is generated once and kept in the database (like the token secret).
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be 87 base64url characters")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be 43 base64url characters")
      .optional(),
    /** Who push services may contact about this server's notifications (mailto: or https:). */
    VAPID_SUBJECT: z
      .string()
      .regex(
        /^(mailto:\S+@\S+|https:\/\/\S+)$/,
        "VAPID_SUBJECT must be a mailto: or https: address",
      )
      .default("mailto:admin@example.com"),
    /**
     * Hosts (and their subdomains) push endpoints may be on, separated by commas or spaces; the
     * server only ever sends to these (no request to an address a player made up). `,` alone
     * turns push notifications off. Endpoints need https, except on a listed IP address or
     * localhost (a push service run for tests).
     */
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .max(5000)
      .transform((v) =>
        v
          .split(/[\s,]+/)
          .map((host) => host.toLowerCase())
          .filter((host) => host !== ""),
      )
      .pipe(z.array(z.string().regex(/^[a-z0-9.:[\]-]+$/, "not a host name")).max(100))
      .default(DEFAULT_PUSH_ENDPOINT_HOSTS),
    /**
     * Stripe (docs/features/premium-shop.md "Premium shop"): the secret API key and the webhook's signing
     * secret, both or neither. Unset, this server sells no premium currency.
     */
    STRIPE_SECRET_KEY: z.string().min(8).max(500).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(8).max(500).optional(),
    /** Another address for Stripe's API (`http://127.0.0.1:4999`, a fake for tests); unset, Stripe's. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The community chat server the settings screen links to (http or https); unset, none. */
    COMMUNITY_CHAT_URL: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
  })
  .refine((c) => c.RIFT_OF_POWER_MIN_MS <= c.RIFT_OF_POWER_MAX_MS, {
    message: "RIFT_OF_POWER_MIN_MS must not be above RIFT_OF_POWER_MAX_MS",
    path: ["RIFT_OF_POWER_MAX_MS"],
  })
  .refine((c) => (c.VAPID_PUBLIC_KEY === undefined) === (c.VAPID_PRIVATE_KEY === undefined), {
    message: "set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither",
    path: ["VAPID_PRIVATE_KEY"],
  })
  .refine((c) => (c.STRIPE_SECRET_KEY === undefined) === (c.STRIPE_WEBHOOK_SECRET === undefined), {
    message: "set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither",
    path: ["STRIPE_WEBHOOK_SECRET"],
  });

export type Config = z.infer<typeof schema>;

/** Reads and validates the configuration; a bad value ends the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' VAR= idiom; except WEB_DIST, where
  // empty means "serve no web client" (the README's promise; tests rely on it).
  const present = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => v !== "" || k === "WEB_DIST"),
  );
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

export class ConfigError extends Error {
  override name = "ConfigError";
}
