import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** prom-client's default metrics that walk every active handle or resource when scraped. */
const HANDLE_LISTING_METRICS = [
  "nodejs_active_handles",
  "nodejs_active_handles_total",
  "nodejs_active_resources",
  "nodejs_active_resources_total",
];

import { messagesIn, messagesOut } from "../socket/traffic";

/**
 * Prometheus metrics at `GET /metrics`: the process (CPU, memory, event-loop lag, GC: the
 * client's defaults), sockets and loaded players, tick and flush durations, flushed rows and
 * failures, database and Redis errors, market trades, and socket messages in and out per type.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly tickSeconds = new Histogram({
    name: "manaspire_tick_duration_seconds",
    help: "Time one world tick took to compute (sends included)",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly flushSeconds = new Histogram({
    name: "manaspire_flush_duration_seconds",
    help: "Time one flush of dirty players took",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly flushedRows = new Counter({
    name: "manaspire_flushed_players_total",
    help: "Players written by flushes",
    registers: [this.registry],
  });
  readonly flushFailures = new Counter({
    name: "manaspire_flush_failed_players_total",
    help: "Players a flush could not write (retried at the next one)",
    registers: [this.registry],
  });
  readonly databaseErrors = new Counter({
    name: "manaspire_database_errors_total",
    help: "Flushes that failed as a whole (database unreachable or refusing)",
    registers: [this.registry],
  });

  readonly vacuumSeconds = new Histogram({
    name: "manaspire_vacuum_duration_seconds",
    help: "Time one VACUUM of the embedded database took (queries wait meanwhile)",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly redisErrors = new Counter({
    name: "manaspire_redis_errors_total",
    help: "Redis connection errors and failed publishes (several processes)",
    registers: [this.registry],
  });
  readonly marketTrades = new Counter({
    name: "manaspire_market_trades_total",
    help: "Market trades: fills on the resource books and equipment purchases",
    labelNames: ["market"] as const,
    registers: [this.registry],
  });
  readonly handedOver = new Counter({
    name: "manaspire_handed_over_players_total",
    help: "Players this process saved and gave to another process where they connected",
    registers: [this.registry],
  });
  readonly handOverBatches = new Counter({
    name: "manaspire_hand_over_batches_total",
    help: "Hand-over batches: the players asked for together, saved and given in one go",
    registers: [this.registry],
  });
  readonly tickSliceSeconds = new Histogram({
    name: "manaspire_tick_longest_slice_seconds",
    help: "The longest stretch one tick held the event loop",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });

  constructor(source: { sockets: () => number; online: () => number; loaded: () => number }) {
    collectDefaultMetrics({ register: this.registry });
    // Both series from the start, so a rate over them is 0 rather than absent.
    for (const market of ["resources", "items"] as const) this.marketTrades.inc({ market }, 0);
    // These list every libuv handle on each scrape: with 20,000 sockets that held the event
    // loop for about 50 ms. manaspire_sockets and the open file descriptors say as much.
    for (const name of HANDLE_LISTING_METRICS) this.registry.removeSingleMetric(name);
    new Gauge({
      name: "manaspire_sockets",
      help: "Open player sockets",
      registers: [this.registry],
      collect() {
        this.set(source.sockets());
      },
    });
    new Gauge({
      name: "manaspire_online_players",
      help: "Players with at least one open socket",
      registers: [this.registry],
      collect() {
        this.set(source.online());
      },
    });
    new Gauge({
      name: "manaspire_loaded_players",
      help: "Players held in memory (acting offline ones included)",
      registers: [this.registry],
      collect() {
        this.set(source.loaded());
      },
    });
    for (const [name, map, help] of [
      ["manaspire_messages_in_total", messagesIn, "Socket messages received, by type"],
      ["manaspire_messages_out_total", messagesOut, "Socket messages sent, by type"],
    ] as const) {
      const seen = new Map<string, number>();
      new Counter({
        name,
        help,
        labelNames: ["type"] as const,
        registers: [this.registry],
        collect() {
          for (const [type, n] of map) {
            const added = n - (seen.get(type) ?? 0);
            if (added > 0) this.labels(type).inc(added);
            seen.set(type, n);
          }
        },
      });
    }
  }

  /** A batch of players handed over to another process. */
  handOverBatch(players: number): void {
    this.handOverBatches.inc();
    this.handedOver.inc(players);
  }

  /** A flush's outcome. */
  flushed(seconds: number, written: number, failed: number): void {
    this.flushSeconds.observe(seconds);
    this.flushedRows.inc(written);
    if (failed > 0) this.flushFailures.inc(failed);
  }

  route(app: FastifyInstance): void {
    app.get("/metrics", async (_req, reply) => {
      reply.header("content-type", this.registry.contentType);
      return this.registry.metrics();
    });
  }
}
