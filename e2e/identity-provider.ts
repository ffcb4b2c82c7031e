/**
 * The OpenID Connect provider the browser tests sign in with ("Test ID", interactive: a page
 * with a name field, Continue and Deny), started by playwright.config.ts beside the game.
 *   node --import tsx e2e/identity-provider.ts <port> <game origin>
 */
import { startTestIdentityProvider } from "../apps/server/test/support/oidc-provider";

const [port, game] = process.argv.slice(2);
if (!port || !game) throw new Error("usage: identity-provider.ts <port> <game origin>");
const idp = await startTestIdentityProvider({
  interactive: true,
  port: Number(port),
  redirectUris: [`${game}/api/auth/callback/testid`],
});
console.log(`test identity provider at ${idp.issuer}`);
const stop = () => idp.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
