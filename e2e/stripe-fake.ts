/**
 * The fake of Stripe's Checkout the browser tests pay with (apps/server/test/support/fake-stripe.ts),
 * started by playwright.config.ts beside the game, whose webhook it calls when Pay is clicked.
 *   node --import tsx e2e/stripe-fake.ts <port> <game origin>
 */
import { FakeStripe } from "../apps/server/test/support/fake-stripe";

const [port, game] = process.argv.slice(2);
if (!port || !game) throw new Error("usage: stripe-fake.ts <port> <game origin>");
const stripe = await FakeStripe.start({
  port: Number(port),
  webhookUrl: `${game}/api/shop/webhook`,
});
console.log(`fake Stripe at ${stripe.url}`);
const stop = () => stripe.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
