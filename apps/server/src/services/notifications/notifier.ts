import type { NotificationType } from "@manaspire/game";
import { lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";
import { pushDeliveries } from "../../db/schema";
import type { DeviceOwners } from "./device-owners";
import { type DeviceRow, type DeviceStore, wants } from "./device-store";
import type { PushMessage } from "./messages";
import type { PushSender, SendOutcome } from "./push-sender";

/** Delivery claims are kept this long (a replay after a crash comes within minutes). */
const DELIVERY_KEEP_MS = 2 * 24 * 3600 * 1000;

export interface NotifierOptions {
  /** True when the player has a socket open on any process of the world. */
  isOnline: (playerId: number) => Promise<boolean>;
  log?: FastifyBaseLogger;
  /** A device's settings changed on its own (error set, removed): tell the owner's sockets. */
  onDevicesChanged?: (playerId: number) => void;
}

/**
 * Push notifications for players who have no socket open. Every feature calls
 * {@link Notifier.notify} when its event happens (whispers, quests, actions running out now;
 * potions, dungeons and the rifts when they exist); the notifier decides whether and where
 * to send. A send never delays the caller, and a failure never reaches it.
 */
export class Notifier {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    readonly devices: DeviceStore,
    /** Who has devices at all: the tick's events skip the others without a query. */
    readonly owners: DeviceOwners,
    /** Null when this server sends no push notifications. */
    readonly sender: PushSender | null,
    private readonly opts: NotifierOptions,
  ) {}

  get enabled(): boolean {
    return this.sender !== null;
  }

  /**
   * Sends `message` to the player's devices that want its type, if the player has no socket
   * open. `key` names the event (a whisper's line id, a quest's number): with it, the event is
   * sent once however many processes, or replays after a crash, report it.
   */
  notify(playerId: number, message: PushMessage, key?: string): void {
    if (!this.sender) return;
    // Whispers come from any process: they ask the database. The others are the tick's,
    // on the process where the player's devices were registered.
    if (message.type !== "Whisper" && !this.owners.mayHave(playerId)) return;
    this.track(
      this.deliver(playerId, message, key).catch((err) =>
        this.opts.log?.warn({ err, playerId, type: message.type }, "push notification failed"),
      ),
    );
  }

  /** Reads who has devices (the tick's events ask it). */
  async start(): Promise<void> {
    if (this.sender) await this.owners.start();
  }

  /** Waits for the sends under way, then stops reading who has devices. */
  async stop(): Promise<void> {
    await this.idle();
    this.owners.stop();
  }

  /** Resolves when every send started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Sends to one device now (the settings screen's test), online or not. */
  async sendTo(device: DeviceRow, message: PushMessage): Promise<SendOutcome> {
    if (!this.sender) return { kind: "failed", reason: "push notifications are off" };
    const outcome = await this.sender.send(device, message);
    await this.settle(device, outcome);
    return outcome;
  }

  /** Deletes delivery claims older than two days (one process of the world runs it). */
  async prune(now = Date.now()): Promise<void> {
    await this.db
      .delete(pushDeliveries)
      .where(lt(pushDeliveries.createdAt, new Date(now - DELIVERY_KEEP_MS)));
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    work.finally(() => this.inFlight.delete(work));
  }

  private async deliver(playerId: number, message: PushMessage, key?: string): Promise<void> {
    if (await this.opts.isOnline(playerId)) return;
    const devices = await this.devices.list(playerId);
    this.owners.set(playerId, devices.length > 0);
    const targets = devices.filter((d) => wants(d, message.type));
    if (targets.length === 0) return;
    if (key !== undefined && !(await this.claim(playerId, `${message.type}:${key}`))) return;
    const topic = topicFor(message.type);
    await Promise.all(
      targets.map(async (device) => {
        const outcome = await (this.sender as PushSender).send(device, message, topic);
        await this.settle(device, outcome);
      }),
    );
  }

  /** Records that this event is being sent; false when someone already did. */
  private async claim(playerId: number, key: string): Promise<boolean> {
    const rows = resultRows<{ key: string }>(
      await this.db.execute(sql`
        insert into push_deliveries (player_id, key) values (${playerId}, ${key})
        on conflict do nothing
        returning key`),
    );
    return rows.length > 0;
  }

  /** After a send: a gone subscription is removed, failures are counted, success resets them. */
  private async settle(device: DeviceRow, outcome: SendOutcome): Promise<void> {
    switch (outcome.kind) {
      case "sent":
        if (device.errorCount > 0) await this.devices.clearFailures(device.id);
        return;
      case "gone":
        await this.devices.removeById(device.id);
        this.opts.log?.info(
          { playerId: device.playerId, status: outcome.status },
          "push device gone",
        );
        this.opts.onDevicesChanged?.(device.playerId);
        return;
      case "failed": {
        const after = await this.devices.recordFailure(device.id);
        this.opts.log?.warn(
          { playerId: device.playerId, reason: outcome.reason, failures: after?.errorCount },
          "push send failed",
        );
        if (after?.error) this.opts.onDevicesChanged?.(device.playerId);
        return;
      }
    }
  }
}

/**
 * Topic (RFC 8030): an undelivered notification of the same topic is replaced, so a device
 * that was off gets one "quest complete", not five. Whispers each stay.
 */
function topicFor(type: NotificationType): string | undefined {
  return type === "Whisper" ? undefined : type;
}

export type { PushMessage };
