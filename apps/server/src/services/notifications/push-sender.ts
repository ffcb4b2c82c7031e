import webpush from "web-push";
import type { PushMessage } from "./messages";
import type { VapidKeys } from "./vapid";

/** What one send came to. `gone`: the push service no longer knows the subscription. */
export type SendOutcome =
  | { kind: "sent" }
  | { kind: "gone"; status: number }
  | { kind: "failed"; status?: number; reason: string };

export interface PushTarget {
  token: string;
  p256dh: string;
  auth: string;
}

export interface PushSenderOptions {
  /** Sends in flight at once (a burst of notifications waits its turn). */
  concurrency?: number;
  /** A push service that has not answered by then counts as a failure. */
  timeoutMs?: number;
  /** How long the push service keeps a notification for a device that is off (seconds). */
  ttlSeconds?: number;
}

/**
 * Sends Web Push messages (RFC 8030) with VAPID (RFC 8292) and an aes128gcm payload
 * (RFC 8291). The web-push package signs and encrypts (`generateRequestDetails`); the request
 * goes out with fetch, which never follows a redirect and gives up after `timeoutMs`.
 */
export class PushSender {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly ttlSeconds: number;

  constructor(
    private readonly vapid: VapidKeys,
    opts: PushSenderOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? 16;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.ttlSeconds = opts.ttlSeconds ?? 24 * 3600;
  }

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  async send(target: PushTarget, message: PushMessage, topic?: string): Promise<SendOutcome> {
    await this.slot();
    try {
      return await this.post(target, message, topic);
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  private slot(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.waiting.push(() => {
        this.active++;
        resolve();
      }),
    );
  }

  private async post(
    target: PushTarget,
    message: PushMessage,
    topic?: string,
  ): Promise<SendOutcome> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.token, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: this.vapid,
          TTL: this.ttlSeconds,
          urgency: "normal",
          ...(topic ? { topic } : {}),
        },
      );
    } catch (err) {
      return { kind: "failed", reason: `could not encrypt: ${(err as Error).message}` };
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch sets the length of the body itself.
      if (name.toLowerCase() !== "content-length") headers[name] = String(value);
    }
    try {
      const response = await fetch(details.endpoint, {
        method: "POST",
        headers,
        body: details.body ?? undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return { kind: "sent" };
      if (response.status === 404 || response.status === 410) {
        return { kind: "gone", status: response.status };
      }
      return { kind: "failed", status: response.status, reason: `status ${response.status}` };
    } catch (err) {
      const reason = (err as Error).name === "TimeoutError" ? "timed out" : (err as Error).message;
      return { kind: "failed", reason };
    }
  }
}
