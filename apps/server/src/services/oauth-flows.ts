import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import * as oidc from "openid-client";
import type { Db } from "../db/client";
import { oauthFlows } from "../db/schema";

/** What a flow does when the provider sends the browser back. */
export const FlowIntent = { SignIn: 1, SignUp: 2, Link: 3 } as const;
export type FlowIntentValue = (typeof FlowIntent)[keyof typeof FlowIntent];

/** How long a player has at the provider before the flow is forgotten. */
export const FLOW_TTL_MS = 10 * 60_000;
/** How long the address `linkIdentity` hands out may wait before the browser opens it. */
export const LINK_TICKET_TTL_MS = 2 * 60_000;
/** Expired flows are deleted at most this often. */
const PURGE_EVERY_MS = 60_000;

export interface Flow {
  state: string;
  provider: string;
  intent: FlowIntentValue;
  codeVerifier: string;
  nonce: string | null;
  redirectUri: string;
  accountId: number | null;
  username: string | null;
  referrerId: number | null;
  returnTo: string;
}

export interface NewFlow {
  provider: string;
  intent: FlowIntentValue;
  usesNonce: boolean;
  redirectUri: string;
  accountId?: number;
  username?: string;
  referrerId?: number;
  returnTo?: string;
}

/**
 * Sign-in flows in progress, in the database (`oauth_flows`), so the provider may send the
 * browser back to any process. A flow is read once: `take` deletes it as it reads it, so a
 * replayed callback finds nothing. Secrets (PKCE verifier, nonce) never leave the server.
 */
export class OAuthFlows {
  private lastPurge = 0;

  constructor(private readonly db: Db) {}

  /** Stores a new flow and returns it (its state goes to the provider and into a cookie). */
  async start(flow: NewFlow, ticketHash: string | null = null): Promise<Flow> {
    await this.purge();
    const row: Flow = {
      state: oidc.randomState(),
      provider: flow.provider,
      intent: flow.intent,
      codeVerifier: oidc.randomPKCECodeVerifier(),
      nonce: flow.usesNonce ? oidc.randomNonce() : null,
      redirectUri: flow.redirectUri,
      accountId: flow.accountId ?? null,
      username: flow.username ?? null,
      referrerId: flow.referrerId ?? null,
      returnTo: flow.returnTo ?? "/",
    };
    const ttl = ticketHash ? LINK_TICKET_TTL_MS : FLOW_TTL_MS;
    await this.db.insert(oauthFlows).values({
      ...row,
      ticketHash,
      expiresAt: new Date(Date.now() + ttl),
    });
    return row;
  }

  /**
   * A link flow for the account, opened later by the browser through a one-time ticket (the
   * socket cannot set the browser's cookie). Returns the ticket.
   */
  async startLink(flow: NewFlow): Promise<string> {
    const ticket = randomBytes(32).toString("base64url");
    await this.start(flow, hashTicket(ticket));
    return ticket;
  }

  /**
   * Uses a link ticket once: the flow gets the redirect URI of the browser that opened it and
   * the full flow lifetime. Undefined when the ticket is unknown, used or expired.
   */
  async redeem(ticket: string, provider: string, redirectUri: string): Promise<Flow | undefined> {
    const rows = await this.db
      .update(oauthFlows)
      .set({ ticketHash: null, redirectUri, expiresAt: new Date(Date.now() + FLOW_TTL_MS) })
      .where(
        and(
          eq(oauthFlows.ticketHash, hashTicket(ticket)),
          eq(oauthFlows.provider, provider),
          gt(oauthFlows.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return rows[0] ? toFlow(rows[0]) : undefined;
  }

  /** The account a link ticket is for (the ticket stays unused), or undefined. */
  async ticketAccount(ticket: string, provider: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ accountId: oauthFlows.accountId })
      .from(oauthFlows)
      .where(
        and(
          eq(oauthFlows.ticketHash, hashTicket(ticket)),
          eq(oauthFlows.provider, provider),
          gt(oauthFlows.expiresAt, sql`now()`),
        ),
      );
    return row?.accountId ?? undefined;
  }

  /** Throws a link ticket away (the browser that opened it is signed in as someone else). */
  async dropTicket(ticket: string): Promise<void> {
    await this.db.delete(oauthFlows).where(eq(oauthFlows.ticketHash, hashTicket(ticket)));
  }

  /** Reads and deletes the flow of `state` (once; undefined if unknown, used or expired). */
  async take(state: string): Promise<Flow | undefined> {
    const rows = await this.db
      .delete(oauthFlows)
      .where(and(eq(oauthFlows.state, state), isNull(oauthFlows.ticketHash)))
      .returning();
    const row = rows[0];
    if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
    return toFlow(row);
  }

  private async purge(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await this.db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, sql`now()`));
  }
}

function hashTicket(ticket: string): string {
  return createHash("sha256").update(ticket).digest("base64url");
}

function toFlow(row: typeof oauthFlows.$inferSelect): Flow {
  return {
    state: row.state,
    provider: row.provider,
    intent: row.intent as FlowIntentValue,
    codeVerifier: row.codeVerifier,
    nonce: row.nonce,
    redirectUri: row.redirectUri,
    accountId: row.accountId,
    username: row.username,
    referrerId: row.referrerId,
    returnTo: row.returnTo,
  };
}

/** A path of this site to come back to, or "/" for anything else (no open redirects). */
export function safeReturnPath(path: string): string {
  return /^\/(?![/\\])[A-Za-z0-9\-._~/]{0,199}$/.test(path) ? path : "/";
}
