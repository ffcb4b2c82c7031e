import { bigint, index, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * A sign-in, sign-up or link through an identity provider that has started and not come back
 * yet (docs/core/accounts.md "Identity providers"). Keyed by the OAuth `state`; the callback
 * deletes the row as it reads it, so a flow completes once, on any process. The browser that
 * started it holds the state in a cookie, so nobody can finish a flow in another browser.
 */
export const oauthFlows = pgTable(
  "oauth_flows",
  {
    state: text("state").primaryKey(),
    provider: text("provider").notNull(),
    /** FlowIntent: 1 sign in, 2 sign up, 3 link to `account_id`. */
    intent: smallint("intent").notNull(),
    /** PKCE code verifier (RFC 7636): only the server ever sees it. */
    codeVerifier: text("code_verifier").notNull(),
    /** OpenID Connect nonce, checked against the ID token. */
    nonce: text("nonce"),
    /** The redirect URI sent to the provider (sent again with the code). */
    redirectUri: text("redirect_uri").notNull(),
    /** Link: the account the identity joins. */
    accountId: bigint("account_id", { mode: "number" }).references(() => accounts.id, {
      onDelete: "cascade",
    }),
    /** Sign-up: the name asked for, and the referring player (0 none). */
    username: text("username"),
    referrerId: bigint("referrer_id", { mode: "number" }),
    /** Where the browser goes back when the flow ends in the main window (a path). */
    returnTo: text("return_to").notNull().default("/"),
    /**
     * Link: SHA-256 of the one-time ticket in the address the socket handed out; cleared when
     * the browser opens it (the flow then continues by its state cookie).
     */
    ticketHash: text("ticket_hash").unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("oauth_flows_expires_idx").on(t.expiresAt)],
);
