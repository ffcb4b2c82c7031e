import { validateNewPlayerName } from "@manaspire/game";
import { and, asc, count, eq } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import type { Db } from "../db/client";
import { accountEvents, accounts, identities, players } from "../db/schema";
import { AccountEventKind } from "./account-events";
import {
  AccountError,
  type AccountService,
  checkPassword,
  createNamedAccount,
  existingPlayerId,
  isUniqueViolation,
  LOCAL,
  type SignInMeta,
} from "./accounts";

/** One identity of an account as the `identities` message lists it. */
export interface IdentityView {
  provider: string;
  providerId: string;
  email?: string;
  /** Unix seconds. */
  createdAt: number;
}

export interface AccountIdentities {
  guest: boolean;
  identities: IdentityView[];
}

/** Who signed in at an identity provider. */
export interface ExternalUser {
  provider: string;
  /** The provider's display name, for messages ("Google"). */
  providerName: string;
  subject: string;
  email: string | undefined;
}

/** At most this many identities per account (the `identities` message carries 10). */
export const MAX_IDENTITIES = 10;

/**
 * The identities of accounts: signing in and up with an identity provider, linking and
 * unlinking them, and a guest claiming a name and password. An identity belongs to one account
 * (a unique index on provider and provider id); an account always keeps one way to sign in,
 * except a guest, whose only way is the token in its browser.
 *
 * Every change of an account's identities or guest flag also writes an `account_events` row
 * (kind AccountChanged) in its transaction, so the process holding the player, wherever it
 * is, refreshes the player's name and guest flag and its open screens.
 */
export class IdentityService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly opts: {
      /** Called after a change committed, to refresh the player held here at once. */
      onChanged?: (accountId: number) => Promise<void>;
      /** Writes an Account line of the player's activity log. */
      record?: (playerId: number, text: string) => void;
      /** A provider's display name ("Google"); the id when unknown. */
      providerName?: (provider: string) => string;
    } = {},
  ) {}

  /** After a committed change: the activity log line, then the refresh of the loaded player. */
  private async changed(accountId: number, text: string): Promise<void> {
    const [player] = await this.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.accountId, accountId));
    if (player) this.opts.record?.(player.id, text);
    await this.opts.onChanged?.(accountId);
  }

  private providerName(provider: string): string {
    if (provider === LOCAL) return "name and password";
    return this.opts.providerName?.(provider) ?? provider;
  }

  async list(accountId: number): Promise<AccountIdentities> {
    const [account] = await this.db
      .select({ guest: accounts.guest })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    const rows = await this.db
      .select({
        provider: identities.provider,
        providerId: identities.providerId,
        email: identities.email,
        createdAt: identities.createdAt,
      })
      .from(identities)
      .where(eq(identities.accountId, accountId))
      .orderBy(asc(identities.createdAt), asc(identities.id))
      .limit(MAX_IDENTITIES);
    return {
      guest: account?.guest ?? false,
      identities: rows.map((r) => ({
        provider: r.provider,
        providerId: r.providerId,
        ...(r.email ? { email: r.email } : {}),
        createdAt: Math.floor(r.createdAt.getTime() / 1000),
      })),
    };
  }

  /** Signs in with an identity; unknown identities are refused (sign-up takes a name). */
  async signIn(user: ExternalUser, meta: SignInMeta = {}): Promise<string> {
    const found = await this.owner(user.provider, user.subject);
    if (!found) {
      throw new AccountError(
        `No mage is linked to this ${user.providerName} account yet. Choose Create account to start one.`,
        404,
      );
    }
    return this.accounts.signedIn(found, "login", meta);
  }

  /**
   * A new account and mage named `username`, signed in with the identity. An identity that
   * already has a mage signs into it instead (the player meant to play, not to have two).
   */
  async signUp(
    user: ExternalUser,
    username: string,
    referrer: number,
    meta: SignInMeta = {},
  ): Promise<string> {
    const existing = await this.owner(user.provider, user.subject);
    if (existing) return this.accounts.signedIn(existing, "login", meta);
    const nameError = validateNewPlayerName(username);
    if (nameError) throw new AccountError(nameError, 400);
    const referrerId = await existingPlayerId(this.db, referrer);
    try {
      const created = await createNamedAccount(this.db, username, referrerId, {
        provider: user.provider,
        providerId: user.subject,
        email: user.email ?? null,
      });
      return await this.accounts.signedIn(created, "register", meta);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Two sign-ups of one identity at once: the other one won; sign into it.
      const raced = await this.owner(user.provider, user.subject);
      if (raced) return this.accounts.signedIn(raced, "login", meta);
      throw new AccountError("That name is taken.", 409);
    }
  }

  /**
   * Links the identity to the account. Linking one the account already has changes nothing;
   * one that belongs to another account is refused. A guest becomes a full account.
   */
  async link(accountId: number, user: ExternalUser): Promise<void> {
    const found = await this.owner(user.provider, user.subject);
    if (found && found.accountId !== accountId) {
      throw new AccountError(
        `That ${user.providerName} account is already linked to another mage.`,
        409,
      );
    }
    if (found) return;
    try {
      await this.db.transaction(async (tx) => {
        await lockAccount(tx as unknown as Db, accountId);
        const [held] = await tx
          .select({ n: count() })
          .from(identities)
          .where(eq(identities.accountId, accountId));
        if ((held?.n ?? 0) >= MAX_IDENTITIES) {
          throw new AccountError(
            `An account can have at most ${MAX_IDENTITIES} sign-in methods.`,
            400,
          );
        }
        await tx.insert(identities).values({
          accountId,
          provider: user.provider,
          providerId: user.subject,
          email: user.email ?? null,
        });
        await tx.update(accounts).set({ guest: false }).where(eq(accounts.id, accountId));
        await tx.insert(accountEvents).values({ accountId, kind: AccountEventKind.AccountChanged });
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw new AccountError(
        `That ${user.providerName} account is already linked to another mage.`,
        409,
      );
    }
    await this.changed(accountId, `Linked a ${user.providerName} sign-in to your account.`);
  }

  /** Removes an identity of the account; never its last way to sign in. */
  async unlink(accountId: number, provider: string, providerId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockAccount(tx as unknown as Db, accountId);
      const rows = await tx
        .select({
          id: identities.id,
          provider: identities.provider,
          providerId: identities.providerId,
        })
        .from(identities)
        .where(eq(identities.accountId, accountId));
      const target = rows.find((r) => r.provider === provider && r.providerId === providerId);
      if (!target)
        throw new AccountError("That sign-in method is not linked to your account.", 404);
      if (rows.length <= 1) {
        throw new AccountError(
          "That is your only way to sign in; link another one before removing it.",
          409,
        );
      }
      await tx.delete(identities).where(eq(identities.id, target.id));
      await tx.insert(accountEvents).values({ accountId, kind: AccountEventKind.AccountChanged });
    });
    await this.changed(accountId, `Removed the ${this.providerName(provider)} sign-in.`);
  }

  /**
   * A guest keeps the mage: the player takes the name and the account a name-and-password
   * identity, and is no longer a guest. Refused for accounts that are not guests.
   */
  async claim(accountId: number, playerId: number, name: string, password: string): Promise<void> {
    const nameError = validateNewPlayerName(name);
    if (nameError) throw new AccountError(nameError, 400);
    checkPassword(password);
    const secretHash = await hashPassword(password);
    try {
      await this.db.transaction(async (tx) => {
        const account = await lockAccount(tx as unknown as Db, accountId);
        if (!account?.guest) {
          throw new AccountError("Your account already has a way to sign in.", 409);
        }
        const [hasLocal] = await tx
          .select({ id: identities.id })
          .from(identities)
          .where(and(eq(identities.accountId, accountId), eq(identities.provider, LOCAL)));
        if (hasLocal) throw new AccountError("Your account already has a password.", 409);
        await tx.insert(identities).values({
          accountId,
          provider: LOCAL,
          providerId: name.toLowerCase(),
          secretHash,
        });
        await tx
          .update(players)
          .set({ name })
          .where(and(eq(players.id, playerId), eq(players.accountId, accountId)));
        await tx.update(accounts).set({ guest: false }).where(eq(accounts.id, accountId));
        await tx.insert(accountEvents).values({ accountId, kind: AccountEventKind.AccountChanged });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AccountError("That name is taken.", 409);
      throw err;
    }
    await this.changed(accountId, `Your guest account became ${name}, with a password.`);
  }

  /** The account and player an identity signs into, or undefined. Banned accounts are refused. */
  private async owner(
    provider: string,
    subject: string,
  ): Promise<{ accountId: number; playerId: number } | undefined> {
    const [row] = await this.db
      .select({ accountId: identities.accountId, playerId: players.id, banned: accounts.banned })
      .from(identities)
      .innerJoin(accounts, eq(accounts.id, identities.accountId))
      .innerJoin(players, eq(players.accountId, identities.accountId))
      .where(and(eq(identities.provider, provider), eq(identities.providerId, subject)));
    if (!row) return undefined;
    if (row.banned) throw new AccountError("This account is banned.", 403);
    return { accountId: row.accountId, playerId: row.playerId };
  }
}

/** Locks the account's row for the transaction (one identity change of an account at a time). */
async function lockAccount(db: Db, accountId: number) {
  const [row] = await db
    .select({ guest: accounts.guest })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for("update");
  if (!row) throw new AccountError("Player not found", 401);
  return row;
}
