import type { FastifyInstance } from "fastify";
import { type PremiumPayments, WebhookSignatureError } from "../services/premium/payments";

/** Stripe's events are a few kilobytes; this leaves room and refuses anything bigger. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /api/shop/webhook`: Stripe's webhook (docs/features/premium-shop.md "Premium shop"). The body is
 * kept raw, as its signature (`Stripe-Signature`, made with STRIPE_WEBHOOK_SECRET) covers the
 * exact bytes. 400 for a missing, forged or stale signature; 200 for every verified event, also
 * those that credit nothing (a replay, another event type), so Stripe stops retrying them; 500
 * when settling failed (Stripe retries, and the session id keeps a retry from crediting twice).
 * Not registered when payments are not configured (404).
 */
export async function premiumWebhookRoutes(
  app: FastifyInstance,
  payments: PremiumPayments,
): Promise<void> {
  if (!payments.available) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post("/api/shop/webhook", { bodyLimit: WEBHOOK_BODY_LIMIT }, async (req, reply) => {
      const signature = req.headers["stripe-signature"];
      if (typeof signature !== "string" || !Buffer.isBuffer(req.body)) {
        return reply.code(400).send({ error: "Missing Stripe-Signature or body." });
      }
      try {
        const outcome = await payments.webhook(req.body, signature);
        return reply.send({ received: true, outcome });
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          req.log.warn({ err: err.message }, "premium webhook with a bad signature");
          return reply.code(400).send({ error: "Bad signature." });
        }
        req.log.error({ err }, "premium webhook failed");
        return reply.code(500).send({ error: "Could not settle; retry later." });
      }
    });
  });
}
