import { randomUUID } from "node:crypto";
import { purchaseGrant, shopEurosError } from "@manaspire/game";
import type { FastifyBaseLogger } from "fastify";
import Stripe from "stripe";
import type { Db } from "../../db/client";
import { premiumPurchases } from "../../db/schema";
import { GameError } from "../../socket/handlers";
import type { LoadedPlayer } from "../../world/loaded-player";
import { type LimiterStore, PROCESS_LIMITS, SharedWindowLimiter } from "../shared-window";
import { type SettleResult, settlePurchase } from "./purchase-store";

/** Checkouts one player may start in {@link CHECKOUT_WINDOW_MS}. */
const CHECKOUTS_PER_WINDOW = 5;
const CHECKOUT_WINDOW_MS = 60_000;

export interface PaymentsConfig {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}

/** The Stripe client for the configuration, or undefined when payments are not configured. */
export function stripeClient(config: PaymentsConfig): Stripe | undefined {
  if (!config.STRIPE_SECRET_KEY) return undefined;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/**
 * Real-money purchases through Stripe Checkout (docs/features/premium-shop.md "Premium shop"):
 * `checkout` creates a Checkout Session for a whole number of euros and records it as pending
 * for the player who asked; Stripe's signed webhook (`webhook`) settles it once, crediting the
 * buyer (and a referrer) through the credits table. Without STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET this server sells nothing (`available` is false).
 */
export class PremiumPayments {
  private readonly limiter: SharedWindowLimiter<number>;

  constructor(
    private readonly db: Db,
    private readonly stripe: Stripe | undefined,
    private readonly webhookSecret: string | undefined,
    private readonly opts: {
      /** PUBLIC_URL: where the checkout sends the browser back to; else the page's origin. */
      publicUrl?: string | undefined;
      log?: FastifyBaseLogger;
      /** Told after a purchase was settled and committed (credits to deliver, a thank-you). */
      onSettled: (result: SettleResult) => Promise<void>;
      /** Where checkouts are counted: shared by the world's processes with Redis. */
      limits?: LimiterStore;
    },
  ) {
    this.limiter = new SharedWindowLimiter<number>(
      opts.limits ?? PROCESS_LIMITS,
      "checkouts",
      CHECKOUTS_PER_WINDOW,
      CHECKOUT_WINDOW_MS,
    );
  }

  get available(): boolean {
    return this.stripe !== undefined && this.webhookSecret !== undefined;
  }

  /**
   * Starts a checkout of `euros` for the player: creates the session at Stripe, records it as
   * the player's pending purchase and returns the address to send the browser to.
   */
  async checkout(
    player: LoadedPlayer,
    euros: number,
    anonymous: boolean,
    origin: string,
  ): Promise<{ url: string; sessionId: string }> {
    const stripe = this.stripe;
    if (!stripe || !this.available) {
      throw new GameError("This server does not sell premium currency.");
    }
    const refusal = shopEurosError(euros);
    if (refusal) throw new GameError(refusal);
    if (player.guest) {
      throw new GameError("Guest accounts cannot buy; claim your account in Settings first.");
    }
    const base = this.opts.publicUrl ?? origin;
    if (base === "") throw new GameError("This server cannot start a checkout (no PUBLIC_URL).");
    const room = await this.limiter.take(player.id);
    if (!room.ok) {
      throw new GameError(
        `Too many checkouts; try again in ${Math.ceil(room.retryInMs / 1000)} s.`,
      );
    }
    const grant = purchaseGrant(euros);
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "eur",
                unit_amount: euros * 100,
                product_data: {
                  name: `${grant.codex} Codex and ${grant.crystallizedMana} Crystallized Mana`,
                  description: `Manaspire premium currency for ${player.name}, with ${grant.ascension} Ascension points.`,
                },
              },
            },
          ],
          client_reference_id: String(player.id),
          metadata: { playerId: String(player.id), euros: String(euros) },
          success_url: `${base}/shop?checkout=success`,
          cancel_url: `${base}/shop?checkout=cancelled`,
        },
        { idempotencyKey: randomUUID() },
      );
    } catch (err) {
      this.opts.log?.error({ err, player: player.id }, "creating a checkout session failed");
      throw new GameError("The payment service did not answer; nothing was charged.");
    }
    if (!session.url)
      throw new GameError("The payment service did not answer; nothing was charged.");
    await this.db.insert(premiumPurchases).values({
      sessionId: session.id,
      playerId: player.id,
      euros,
      codex: grant.codex,
      crystallizedMana: grant.crystallizedMana,
      ascension: grant.ascension,
      anonymous,
    });
    return { url: session.url, sessionId: session.id };
  }

  /**
   * Stripe's webhook: verifies the signature over the raw body (a forged or stale one throws
   * `WebhookSignatureError`), then settles a completed, paid Checkout Session once. Other events
   * are acknowledged and ignored.
   */
  async webhook(raw: Buffer, signature: string): Promise<SettleResult["outcome"] | "ignored"> {
    const stripe = this.stripe;
    const secret = this.webhookSecret;
    if (!stripe || !secret) return "ignored";
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(raw, signature, secret);
    } catch (err) {
      throw new WebhookSignatureError(err instanceof Error ? err.message : String(err));
    }
    if (
      event.type !== "checkout.session.completed" &&
      event.type !== "checkout.session.async_payment_succeeded"
    ) {
      return "ignored";
    }
    const session = event.data.object;
    if (session.payment_status !== "paid") return "ignored";
    const result = await settlePurchase(this.db, {
      sessionId: session.id,
      amountTotal: session.amount_total ?? -1,
      currency: session.currency ?? "",
    });
    if (result.outcome === "credited") await this.opts.onSettled(result);
    else if (result.outcome !== "duplicate") {
      this.opts.log?.warn({ session: session.id, outcome: result.outcome }, "webhook not credited");
    }
    return result.outcome;
  }
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}
