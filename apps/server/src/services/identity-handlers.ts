import type { IdentityProvider } from "../auth/identity-providers";
import { GameError, type Handlers } from "../socket/handlers";
import { AccountError } from "./accounts";
import type { IdentityService } from "./identities";
import { FlowIntent, type OAuthFlows, safeReturnPath } from "./oauth-flows";
import { type LimiterStore, PROCESS_LIMITS, SharedWindowLimiter } from "./shared-window";

/** Link starts and name claims one player may make in {@link ACCOUNT_CALLS_WINDOW_MS}. */
export const ACCOUNT_CALLS_PER_WINDOW = 10;
export const ACCOUNT_CALLS_WINDOW_MS = 60_000;

export interface IdentityHandlerDeps {
  identities: IdentityService;
  flows: OAuthFlows;
  providers: readonly IdentityProvider[];
  /** Where the calls are counted: shared by the world's processes with Redis. */
  limits?: LimiterStore;
}

/**
 * listIdentities, linkIdentity, unlinkIdentity (spec 001 section 7) and claimAccount (a guest
 * keeps the mage with a name and password). Answers come as `identities`, `oauthRedirect`,
 * `playerUpdate` and toasts; refusals are toasts and change nothing.
 */
export function identityHandlers(deps: IdentityHandlerDeps): Handlers {
  const byId = new Map(deps.providers.map((p) => [p.id, p]));
  // Each call stores a flow or hashes a password: a player may not make them by the hundred.
  const limiter = new SharedWindowLimiter<number>(
    deps.limits ?? PROCESS_LIMITS,
    "account-calls",
    ACCOUNT_CALLS_PER_WINDOW,
    ACCOUNT_CALLS_WINDOW_MS,
  );
  const take = async (playerId: number) => {
    const room = await limiter.take(playerId);
    if (!room.ok) {
      throw new GameError(
        `Too many account changes; try again in ${Math.ceil(room.retryInMs / 1000)} s.`,
      );
    }
  };
  const refusal = (err: unknown): never => {
    if (err instanceof AccountError) throw new GameError(err.message);
    throw err;
  };

  return {
    async listIdentities({ conn, player }) {
      conn.send("identities", await deps.identities.list(player.accountId));
    },

    async linkIdentity({ conn, player }, { provider, returnTo }) {
      const found = byId.get(provider);
      if (!found) throw new GameError("That sign-in method is not offered on this server.");
      await take(player.id);
      const ticket = await deps.flows.startLink({
        provider: found.id,
        intent: FlowIntent.Link,
        usesNonce: found.usesNonce,
        redirectUri: "",
        accountId: player.accountId,
        returnTo: safeReturnPath(returnTo),
      });
      conn.send("oauthRedirect", { url: `/api/link/${found.id}?ticket=${ticket}` });
    },

    async unlinkIdentity({ conn, player }, { provider, providerId }) {
      await deps.identities.unlink(player.accountId, provider, providerId).catch(refusal);
      conn.toast(
        provider === "local"
          ? "Your password sign-in was removed."
          : `${nameOf(byId, provider)} sign-in removed.`,
      );
    },

    async claimAccount({ conn, player }, { name, password }) {
      await take(player.id);
      await deps.identities.claim(player.accountId, player.id, name, password).catch(refusal);
      conn.toast(`Your mage is yours to keep: sign in as ${name} with your password.`);
    },
  };
}

function nameOf(byId: ReadonlyMap<string, IdentityProvider>, provider: string): string {
  return byId.get(provider)?.name ?? provider;
}
