import type { FastifyInstance } from "fastify";
import type { Bus } from "./cluster/bus";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { vacuumEmbedded } from "./db/vacuum";
import { closeHttp } from "./http/close";
import type { Metrics } from "./http/metrics";
import type { HttpLimits } from "./http/shared-limits";
import type { TrustFunction } from "./http/trusted-proxy";
import type { Part } from "./lifecycle";
import type { AccountEvents } from "./services/account-events";
import type { ActivityLog } from "./services/activity-log";
import type { ChatService } from "./services/chat/service";
import type { EventScheduler } from "./services/events/event-scheduler";
import type { EventWorld } from "./services/events/event-world";
import { FARM_KEEPER_EVERY_MS, type FarmKeeper } from "./services/farm-keeper";
import type { GuildService } from "./services/guilds/guild-service";
import type { LeaderboardJobs } from "./services/leaderboards/jobs";
import type { Notifier } from "./services/notifications/notifier";
import { CLOSE_RESTART } from "./socket/connection";
import type { Gateway } from "./socket/gateway";
import { CLOSE_GRACE_MS } from "./socket/gateway-limits";
import { capPendingConnections } from "./socket/pending-connections";
import type { CreditInbox } from "./world/credit-inbox";
import type { ItemIdPool } from "./world/item-ids";
import type { Ownership } from "./world/ownership";
import type { PlayerStore } from "./world/player-store";
import type { StoreJobs } from "./world/store-jobs";
import type { World } from "./world/world";
import type { OncePerWorld } from "./world/world-lock";

/** What the parts start and stop (built by createServer). */
export interface PartsDeps {
  config: Config;
  app: FastifyInstance;
  /** The operator's listener (metrics, detailed health), with METRICS_PORT. */
  operator: FastifyInstance | undefined;
  database: Database;
  httpLimits: HttpLimits;
  ownership: Ownership;
  bus: Bus;
  store: PlayerStore;
  jobs: StoreJobs;
  world: World;
  gateway: Gateway;
  trustProxy: TrustFunction;
  accountEvents: AccountEvents;
  inbox: CreditInbox;
  itemIds: ItemIdPool;
  guilds: GuildService;
  chat: ChatService;
  notifier: Notifier;
  activityLog: ActivityLog;
  leaderboardJobs: LeaderboardJobs;
  events: EventWorld;
  eventScheduler: EventScheduler;
  farmKeeper: FarmKeeper;
  oncePerWorld: OncePerWorld;
  metrics: Metrics;
  /** Told the addresses once both listeners listen. */
  listening: (url: string, metricsUrl: string) => void;
}

/**
 * The server's parts in start order (lifecycle.ts says how they stop). The players' save comes
 * first in the list so it is the first step of the `save` phase; the database comes last, so
 * it is the last thing closed. Ownership and the bus come before everything that writes
 * players or talks to other processes.
 */
export function serverParts(d: PartsDeps): Part[] {
  const { config, app, operator } = d;
  let socketsClosed: Promise<void> = Promise.resolve();
  let url = "";
  return [
    {
      name: "players",
      steps: [
        {
          phase: "save",
          name: "saving players",
          run: async () => {
            const { written, failed } = await d.store.flush();
            app.log.info({ written, failed }, "shutdown: players saved");
            if (failed > 0) throw new Error(`${failed} players could not be saved`);
          },
        },
      ],
    },
    {
      name: "ownership",
      start: () => d.ownership.start(),
      steps: [{ phase: "release", name: "releasing players", run: () => d.ownership.stop() }],
    },
    {
      name: "bus",
      start: () => d.bus.start(d.ownership.id),
      steps: [{ phase: "release", name: "closing redis", run: () => d.bus.stop() }],
    },
    {
      name: "account events",
      start: () => d.accountEvents.start(),
      halt: () => d.accountEvents.stop(),
    },
    { name: "credit inbox", start: () => d.inbox.start(), halt: () => d.inbox.stop() },
    { name: "item ids", start: () => d.itemIds.start() },
    { name: "guilds", start: () => d.guilds.start(), halt: () => d.guilds.stop() },
    {
      name: "chat",
      start: () => d.chat.start(),
      steps: [{ phase: "save", name: "saving chat", run: () => d.chat.stop() }],
    },
    {
      name: "push notifications",
      start: async () => {
        await d.notifier.start();
        d.oncePerWorld.every("push-prune", 3_600_000, () => d.notifier.prune());
      },
      steps: [
        { phase: "save", name: "finishing push notifications", run: () => d.notifier.stop() },
      ],
    },
    {
      name: "offline farms",
      start: () =>
        d.oncePerWorld.every("farm-offline", FARM_KEEPER_EVERY_MS, () =>
          d.farmKeeper.sweepOffline(d.database.db),
        ),
    },
    {
      // PGlite has no autovacuum (db/vacuum.ts); PostgreSQL vacuums itself.
      name: "embedded vacuum",
      start: () => {
        if (d.database.kind !== "pglite" || config.VACUUM_MS === 0) return;
        d.oncePerWorld.every("vacuum", config.VACUUM_MS, async () => {
          const { seconds, analysed } = await vacuumEmbedded(d.database);
          d.metrics.vacuumSeconds.observe(seconds);
          // Worth an operator's notice only when queries waited long for it.
          app.log[seconds >= 1 ? "info" : "debug"](
            { ms: Math.round(seconds * 1000), analysed },
            "embedded database vacuumed",
          );
        });
      },
    },
    {
      name: "activity log",
      start: () => d.activityLog.start(),
      steps: [{ phase: "save", name: "saving the activity log", run: () => d.activityLog.stop() }],
    },
    { name: "leaderboard jobs", start: () => d.leaderboardJobs.start(d.oncePerWorld) },
    {
      name: "world events",
      start: async () => {
        await d.events.start();
        d.oncePerWorld.every("events", d.events.pollMs, () => d.eventScheduler.run());
      },
      halt: () => d.events.stop(),
    },
    {
      name: "world jobs",
      steps: [{ phase: "save", name: "finishing world jobs", run: () => d.oncePerWorld.stop() }],
    },
    {
      name: "sockets",
      start: () => {
        d.gateway.attach(app.server);
        capPendingConnections(app.server, d.trustProxy, {
          max: config.MAX_PENDING_CONNECTIONS_PER_IP,
          timeoutMs: config.PENDING_TIMEOUT_MS,
        });
      },
      // Sockets get 1012 and CLOSE_GRACE_MS to answer; saving does not wait for them.
      halt: () => {
        socketsClosed = d.gateway.closeAll(CLOSE_RESTART, "Server restarting");
      },
      steps: [{ phase: "disconnect", name: "closing sockets", run: () => socketsClosed }],
    },
    {
      name: "http",
      start: async () => {
        await app.listen({ port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG });
        const address = app.server.address();
        const port = typeof address === "object" && address ? address.port : config.PORT;
        url = `http://${config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST}:${port}`;
        if (!operator) d.listening(url, "");
      },
      // HTTP close waits for every socket, so a peer that ignores the close frame is cut.
      steps: [
        { phase: "disconnect", name: "closing HTTP", run: () => closeHttp(app, CLOSE_GRACE_MS) },
      ],
    },
    ...(operator
      ? [
          {
            name: "operator listener",
            start: async () => {
              await operator.listen({ port: config.METRICS_PORT, host: config.METRICS_HOST });
              const at = operator.server.address();
              const port = typeof at === "object" && at ? at.port : config.METRICS_PORT;
              d.listening(url, `http://${config.METRICS_HOST}:${port}`);
            },
            steps: [
              {
                phase: "disconnect" as const,
                name: "closing the metrics listener",
                run: () => operator.close(),
              },
            ],
          },
        ]
      : []),
    { name: "world tick", start: () => d.world.start(), halt: () => d.world.stop() },
    { name: "farm keeper", start: () => d.farmKeeper.start(), halt: () => d.farmKeeper.stop() },
    // Last to start, first to halt: the start-up load stops between batches, the timed flush
    // ends; the players' save waits for it.
    { name: "store jobs", start: () => d.jobs.start(), halt: () => d.jobs.stop() },
    {
      name: "rate limits",
      steps: [
        { phase: "close", name: "closing the rate limits' Redis", run: () => d.httpLimits.close() },
      ],
    },
    {
      name: "database",
      steps: [{ phase: "close", name: "closing the database", run: () => d.database.close() }],
    },
  ];
}
