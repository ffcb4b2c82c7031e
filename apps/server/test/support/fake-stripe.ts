import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A fake of the few Stripe endpoints the premium shop uses, for tests (the server's stripe
 * client is pointed at it with STRIPE_API_URL):
 * - `POST /v1/checkout/sessions` creates a session (form-encoded, as the stripe library sends
 *   it; the secret key must match) whose `url` is this fake's checkout page;
 * - `GET /pay/{id}` is that page (the amount and a Pay button), `POST /pay/{id}` pays: it sends
 *   `checkout.session.completed` to the game's webhook, signed with the webhook secret by the
 *   stripe library's test header helper, and redirects the browser to the session's
 *   success_url;
 * - `GET /health` answers 200 (Playwright waits for it).
 */

export const FAKE_STRIPE_KEY = "sk_test_manaspire_fake_key";
export const FAKE_WEBHOOK_SECRET = "whsec_manaspire_fake_webhook_secret";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  amount_total: number;
  currency: string;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete";
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
}

const signer = new Stripe(FAKE_STRIPE_KEY);

/** A signed `Stripe-Signature` header for a payload (the library's test helper). */
export function signPayload(
  payload: string,
  secret = FAKE_WEBHOOK_SECRET,
  /** When it was signed, in seconds since 1970 (now by default). */
  timestamp?: number,
): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

/** A Stripe event around a session (`checkout.session.completed` unless told otherwise). */
export function sessionEvent(
  session: FakeSession,
  type = "checkout.session.completed",
): Record<string, unknown> {
  return {
    id: `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  };
}

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  /** Where paying sends the webhook (the game's `/api/shop/webhook`). */
  webhookUrl = "";

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(opts: { port?: number; webhookUrl?: string } = {}): Promise<FakeStripe> {
    let fake: FakeStripe | undefined;
    const server = createServer((req, res) => {
      if (!fake) return void res.writeHead(503).end();
      fake.handle(req).then(
        ({ status, headers, body }) => res.writeHead(status, headers).end(body),
        (err) => res.writeHead(500).end(String(err)),
      );
    });
    await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeStripe(server, `http://127.0.0.1:${port}`);
    fake.webhookUrl = opts.webhookUrl ?? "";
    return fake;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Sends a signed webhook for the session (as Stripe does when it is paid). */
  async sendWebhook(
    session: FakeSession,
    opts: { type?: string; secret?: string } = {},
  ): Promise<{ status: number; body: string }> {
    const payload = JSON.stringify(sessionEvent(session, opts.type));
    const res = await fetch(this.webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signPayload(payload, opts.secret),
      },
      body: payload,
    });
    return { status: res.status, body: await res.text() };
  }

  /** Marks the session paid and tells the game, as the checkout page's Pay button does. */
  async pay(id: string): Promise<{ status: number; body: string }> {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    session.payment_status = "paid";
    session.status = "complete";
    return this.sendWebhook(session);
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const url = new URL(req.url ?? "/", this.url);
    const body = await readBody(req);
    const json = (status: number, data: unknown) => ({
      status,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(data),
    });
    if (url.pathname === "/health") return json(200, { ok: true });
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
        return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key" } });
      }
      const form = new URLSearchParams(body);
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      const session: FakeSession = {
        id,
        object: "checkout.session",
        url: `${this.url}/pay/${id}`,
        mode: form.get("mode") ?? "",
        amount_total:
          Number(form.get("line_items[0][price_data][unit_amount]") ?? 0) *
          Number(form.get("line_items[0][quantity]") ?? 1),
        currency: form.get("line_items[0][price_data][currency]") ?? "",
        payment_status: "unpaid",
        status: "open",
        client_reference_id: form.get("client_reference_id"),
        metadata,
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
      };
      this.sessions.set(id, session);
      return json(200, session);
    }
    const pay = /^\/pay\/(cs_test_[0-9a-f]+)$/.exec(url.pathname);
    const session = pay?.[1] ? this.sessions.get(pay[1]) : undefined;
    if (pay && session && req.method === "GET") {
      const euros = (session.amount_total / 100).toFixed(2);
      return {
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8" },
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body><main><h1>Fake Stripe Checkout</h1><p>Pay €${euros}</p>
<form method="post"><button type="submit">Pay</button></form>
<a href="${session.cancel_url}">Cancel</a></main></body></html>`,
      };
    }
    if (pay && session && req.method === "POST") {
      const sent = await this.pay(session.id);
      if (sent.status !== 200) return json(502, { error: `webhook answered ${sent.status}` });
      return { status: 303, headers: { location: session.success_url }, body: "" };
    }
    return json(404, { error: { type: "invalid_request_error", message: "Unknown route" } });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
