import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, jwtVerify } from "jose";
import { mark, type Player } from "./players";

/**
 * A Web Push service on 127.0.0.1 for tests, and a browser's side of a subscription: the
 * server under test POSTs encrypted messages to it; the test decrypts them with the keys it
 * generated (RFC 8291, aes128gcm) and checks the VAPID signature (RFC 8292).
 */

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export class LocalPushService {
  readonly requests: PushRequest[] = [];
  /** The status each path answers (201 when not set). */
  readonly statusFor = new Map<string, number>();
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<LocalPushService> {
    let service: LocalPushService | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const path = req.url ?? "/";
        service?.requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = service?.statusFor.get(path) ?? 201;
        res.end();
        for (const w of service?.waiters.splice(0) ?? []) w();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    service = new LocalPushService(server, `http://127.0.0.1:${port}`);
    return service;
  }

  /** Requests to one path so far. */
  to(path: string): PushRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Waits until `path` has received `count` requests; returns them. */
  async waitFor(path: string, count: number, timeoutMs = 10_000): Promise<PushRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(path).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`${path} got ${this.to(path).length} of ${count} pushes in time`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.to(path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's push subscription: its endpoint and the keys only the browser holds. */
export class TestSubscription {
  readonly ecdh = createECDH("prime256v1");
  readonly authSecret = randomBytes(16);
  readonly path: string;
  readonly endpoint: string;

  constructor(service: LocalPushService, name = randomBytes(6).toString("hex")) {
    this.ecdh.generateKeys();
    this.path = `/push/${name}`;
    this.endpoint = `${service.origin}${this.path}`;
  }

  get p256dh(): string {
    return this.ecdh.getPublicKey().toString("base64url");
  }

  get auth(): string {
    return this.authSecret.toString("base64url");
  }

  /** The plaintext of an aes128gcm message (RFC 8188 with the keys of RFC 8291). */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const idLength = body[20] as number;
    const senderKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    if (ciphertext.length > recordSize) throw new Error("more than one record");
    const shared = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([
      Buffer.from("WebPush: info\0"),
      this.ecdh.getPublicKey(),
      senderKey,
    ]);
    const ikm = Buffer.from(hkdfSync("sha256", shared, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
    const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
    // The last record ends with the delimiter 2, then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error("no last-record delimiter");
    return padded.subarray(0, end).toString("utf8");
  }
}

/**
 * Checks the request's VAPID authorisation: `vapid t=<JWT>, k=<public key>`, the JWT signed
 * with ES256 by that key, for this push service's origin. Returns the key and the claims.
 */
export async function verifyVapid(
  request: PushRequest,
  origin: string,
): Promise<{ publicKey: string; subject: string }> {
  const header = String(request.headers.authorization ?? "");
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const point = Buffer.from(publicKey, "base64url");
  const key = await importJWK(
    {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    "ES256",
  );
  const { payload } = await jwtVerify(token, key, { audience: origin, algorithms: ["ES256"] });
  return { publicKey, subject: String(payload.sub) };
}

/** Registers a subscription for the player and returns the device list it answers. */
export async function addDevice(p: Player, sub: TestSubscription, name = "Laptop") {
  const since = mark(p);
  p.client.send("addDevice", { token: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth, name });
  return p.client.next("notificationSettings", () => true, { since });
}
