import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { Bus, BusHandler, BusMessage } from "./bus";

/**
 * A message on the wire: its origin process, whether it went to one process (`d`) or to all,
 * the origin's sequence number on that path, the message.
 */
interface Envelope {
  o: number;
  d: boolean;
  s: number;
  m: BusMessage;
}

/** How far back a resync reads, before the last moment the bus was known whole. */
export const RESYNC_MARGIN_MS = 5000;
/** Presence sets of a process expire this long after its last refresh (a dead process's go). */
const PRESENCE_TTL_S = 30;

/**
 * The bus over Redis pub/sub: one channel for the world (`<prefix>:all`) and one per process
 * (`<prefix>:p:<id>`). Pub/sub delivers nothing sent while a subscriber is disconnected, so the
 * bus notices: after a reconnect, or when an origin's sequence numbers skip, it calls the
 * resync handlers with the time from which messages may be missing. Presence is one Redis set
 * per process (`<prefix>:online:<id>`), refreshed while the process lives.
 */
export class RedisBus implements Bus {
  readonly distributed = true;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private selfId = 0;
  /** Sequence numbers: of messages to all, and of messages to each process. */
  private seqAll = 0;
  private readonly seqTo = new Map<number, number>();
  private readonly handlers: BusHandler[] = [];
  private readonly resyncHandlers: ((sinceMs: number) => void)[] = [];
  /** Per origin and path ("7" to all, "7d" to us): the last sequence number heard. */
  private readonly lastSeq = new Map<string, number>();
  /** Per origin: when it was last heard. */
  private readonly heardAt = new Map<number, number>();
  /** When the subscription was last known to miss nothing. */
  private wholeAt = Date.now();
  private lostAt: number | undefined;
  private presenceTimer: NodeJS.Timeout | undefined;
  private readonly online = new Set<number>();
  /** Presence changes not written yet, each player's latest (`writePresence`). */
  private readonly presenceChanges = new Map<number, boolean>();

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log?: FastifyBaseLogger,
    /** Counts an error (metrics). */
    private readonly onError: () => void = () => {},
  ) {
    const opts = { lazyConnect: true, maxRetriesPerRequest: 3 };
    this.pub = new Redis(url, opts);
    this.sub = new Redis(url, opts);
    for (const [name, conn] of [
      ["publish", this.pub],
      ["subscribe", this.sub],
    ] as const) {
      conn.on("error", (err) => {
        this.onError();
        this.log?.warn({ err, connection: name }, "redis error");
      });
    }
    this.sub.on("close", () => {
      this.lostAt ??= Date.now();
    });
    this.sub.on("ready", () => {
      if (this.lostAt === undefined) return;
      const since = Math.min(this.lostAt, this.wholeAt) - RESYNC_MARGIN_MS;
      this.lostAt = undefined;
      this.log?.warn({ since: new Date(since).toISOString() }, "redis back: resyncing");
      this.resync(since);
    });
    this.sub.on("messageBuffer", (_channel: Buffer, data: Buffer) => this.receive(data));
  }

  private get allChannel(): string {
    return `${this.prefix}:all`;
  }

  private channelOf(processId: number): string {
    return `${this.prefix}:p:${processId}`;
  }

  private presenceKey(processId: number): string {
    return `${this.prefix}:online:${processId}`;
  }

  async start(selfId: number): Promise<void> {
    this.selfId = selfId;
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.subscribe(this.allChannel, this.channelOf(selfId));
    this.wholeAt = Date.now();
    this.presenceTimer = setInterval(() => this.refreshPresence(), (PRESENCE_TTL_S * 1000) / 3);
    this.presenceTimer.unref();
    this.publish({ k: "hello" });
  }

  async stop(): Promise<void> {
    clearInterval(this.presenceTimer);
    if (this.selfId !== 0) await this.pub.del(this.presenceKey(this.selfId)).catch(() => {});
    this.sub.disconnect();
    await this.pub.quit().catch(() => this.pub.disconnect());
  }

  publish(msg: BusMessage): void {
    this.write(this.allChannel, { o: this.selfId, d: false, s: ++this.seqAll, m: msg });
  }

  send(processId: number, msg: BusMessage): Promise<boolean> {
    const s = (this.seqTo.get(processId) ?? 0) + 1;
    this.seqTo.set(processId, s);
    return this.write(this.channelOf(processId), { o: this.selfId, d: true, s, m: msg });
  }

  /** PUBLISH answers how many subscribers got it: none means nobody listens there. */
  private write(channel: string, envelope: Envelope): Promise<boolean> {
    const msg = envelope.m;
    return this.pub.publish(channel, JSON.stringify(envelope)).then(
      (receivers) => receivers > 0,
      (err) => {
        this.onError();
        this.log?.warn({ err, kind: msg.k }, "redis publish failed");
        return true;
      },
    );
  }

  on(handler: BusHandler): void {
    this.handlers.push(handler);
  }

  onResync(handler: (sinceMs: number) => void): void {
    this.resyncHandlers.push(handler);
  }

  private receive(data: Buffer): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(data.toString("utf8")) as Envelope;
    } catch {
      this.log?.warn("unreadable bus message dropped");
      return;
    }
    if (envelope.o === this.selfId) return; // our own, handled when sent
    // Sequence numbers count per origin and path (to all, to us); one connection hears a path
    // in publish order, so a skip means a message of that origin never arrived.
    const path = envelope.d ? `${envelope.o}d` : `${envelope.o}`;
    const last = this.lastSeq.get(path);
    this.lastSeq.set(path, envelope.s);
    this.heardAt.set(envelope.o, Date.now());
    if (last !== undefined && envelope.s !== last + 1) {
      this.log?.warn({ origin: envelope.o, last, now: envelope.s }, "bus messages lost: resyncing");
      this.resync(this.wholeAt - RESYNC_MARGIN_MS);
    }
    this.wholeAt = Date.now();
    for (const handler of this.handlers) {
      try {
        handler(envelope.m, envelope.o);
      } catch (err) {
        this.log?.error({ err, kind: envelope.m.k }, "bus message handler failed");
      }
    }
  }

  private resync(sinceMs: number): void {
    for (const handler of this.resyncHandlers) handler(sinceMs);
  }

  setOnline(playerId: number, online: boolean): void {
    if (online) this.online.add(playerId);
    else this.online.delete(playerId);
    if (this.presenceChanges.size === 0) setImmediate(() => this.writePresence());
    this.presenceChanges.set(playerId, online);
  }

  /**
   * The presence changes of one turn of the event loop in one transaction (thousands of
   * sockets arrive together after a process death), each player's latest.
   */
  private writePresence(): void {
    const added: number[] = [];
    const removed: number[] = [];
    for (const [id, online] of this.presenceChanges) (online ? added : removed).push(id);
    this.presenceChanges.clear();
    const key = this.presenceKey(this.selfId);
    const tx = this.pub.multi();
    if (removed.length > 0) tx.srem(key, ...removed);
    if (added.length > 0) tx.sadd(key, ...added).expire(key, PRESENCE_TTL_S);
    tx.exec().catch((err) => this.log?.warn({ err }, "redis presence update failed"));
  }

  /** Rewrites this process's presence set (it may have expired while Redis was away). */
  private refreshPresence(): void {
    const key = this.presenceKey(this.selfId);
    const tx = this.pub.multi().del(key);
    if (this.online.size > 0) tx.sadd(key, ...this.online);
    tx.expire(key, PRESENCE_TTL_S)
      .exec()
      .catch((err) => this.log?.warn({ err }, "redis presence refresh failed"));
  }

  async onlineOn(playerId: number, processIds: readonly number[]): Promise<boolean> {
    const ids = new Set(processIds);
    const lately = Date.now() - PRESENCE_TTL_S * 1000;
    for (const [id, at] of this.heardAt) {
      if (at >= lately) ids.add(id);
      else this.heardAt.delete(id);
    }
    ids.delete(this.selfId);
    if (ids.size === 0) return false;
    const batch = this.pub.pipeline();
    for (const id of ids) batch.sismember(this.presenceKey(id), playerId);
    const results = (await batch.exec()) ?? [];
    return results.some(([err, found]) => !err && found === 1);
  }

  async problem(): Promise<string | undefined> {
    try {
      await this.pub.ping();
      return this.sub.status === "ready" ? undefined : `redis subscriber ${this.sub.status}`;
    } catch (err) {
      return `redis: ${(err as Error).message}`;
    }
  }
}
