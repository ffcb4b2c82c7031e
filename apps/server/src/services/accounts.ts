import { randomInt } from "node:crypto";
import { maxActions, validateNewPlayerName, validatePlayerName } from "@manaspire/game";
import { and, eq } from "drizzle-orm";
import { hashPassword, needsRehash, UNKNOWN_NAME_HASH, verifyPassword } from "../auth/passwords";
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_PER_NAME,
  tooManyFailuresMessage,
} from "../auth/sign-in-limits";
import type { TokenService } from "../auth/tokens";
import type { Db } from "../db/client";
import { accounts, identities, players } from "../db/schema";
import { type LimiterStore, PROCESS_LIMITS, SharedWindowLimiter } from "./shared-window";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export class AccountError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
  ) {
    super(message);
  }
}

/** The provider name of the name-and-password identity. */
export const LOCAL = "local";

/** Where a sign-in came from (the activity log records new devices). */
export interface SignInMeta {
  userAgent?: string | undefined;
}

/** Told about every successful sign-in; a failure here never fails the sign-in. */
export type SignInListener = (
  playerId: number,
  kind: SignInKind,
  meta: SignInMeta,
) => Promise<void>;

export type SignInKind = "register" | "login" | "guest";

/** Creates accounts (named or guest) and signs them in with the local name-and-password identity. */
export class AccountService {
  /** Failed sign-ins per name (lowercased), whether or not the name exists. */
  readonly loginFailures: SharedWindowLimiter<string>;
  /** Checks a password against a stored hash (Argon2id; a test watches the calls). */
  readonly checkPassword: typeof verifyPassword = verifyPassword;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly onSignIn?: SignInListener,
    /** Where the failures are counted: shared by the world's processes with Redis. */
    limits: LimiterStore = PROCESS_LIMITS,
  ) {
    this.loginFailures = new SharedWindowLimiter<string>(
      limits,
      "login-failures",
      LOGIN_FAILURES_PER_NAME,
      LOGIN_FAILURE_WINDOW_MS,
    );
  }

  /** Issues the login token of a player who just signed in, and tells the listener. */
  async signedIn(
    ids: { accountId: number; playerId: number },
    kind: SignInKind,
    meta: SignInMeta,
  ): Promise<string> {
    const token = await this.tokens.issue(ids);
    await this.tell(ids.playerId, kind, meta);
    return token;
  }

  private async tell(playerId: number, kind: SignInKind, meta: SignInMeta): Promise<void> {
    try {
      await this.onSignIn?.(playerId, kind, meta);
    } catch {
      // Recording the device is a courtesy; the player still signs in.
    }
  }

  /** A named account with a password; `referrer` is the player whose link brought it (0 none). */
  async register(
    username: string,
    password: string,
    meta: SignInMeta = {},
    referrer = 0,
  ): Promise<string> {
    const nameError = validateNewPlayerName(username);
    if (nameError) throw new AccountError(nameError, 400);
    checkPassword(password);
    const secretHash = await hashPassword(password);
    const referrerId = await existingPlayerId(this.db, referrer);
    try {
      const created = await createNamedAccount(this.db, username, referrerId, {
        provider: LOCAL,
        providerId: username.toLowerCase(),
        secretHash,
      });
      return await this.signedIn(created, "register", meta);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AccountError("That name is taken.", 409);
      throw err;
    }
  }

  /**
   * Signs in with name and password. Every attempt is counted against the name first and
   * taken back once the password is right, so only failures count (concurrent guesses too).
   * A hash made with older parameters is replaced by one with today's (passwords.ts).
   */
  async login(username: string, password: string, meta: SignInMeta = {}): Promise<string> {
    const key = username.toLowerCase();
    const room = await this.loginFailures.take(key);
    if (!room.ok) throw new AccountError(tooManyFailuresMessage(room.retryInMs), 429);
    // A name that breaks the name rules cannot exist (and must not reach the database).
    const row = validatePlayerName(username) === null ? await this.localIdentity(key) : undefined;
    // Without a password to check, check the stand-in: every failure costs the same scrypt.
    const ok = await this.checkPassword(password, row?.secretHash ?? UNKNOWN_NAME_HASH);
    if (!row?.secretHash || !ok) throw new AccountError("Wrong name or password.", 401);
    room.undo();
    if (row.banned) throw new AccountError("This account is banned.", 403);
    const [player] = await this.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.accountId, row.accountId));
    if (!player) throw new AccountError("Player not found", 401);
    if (needsRehash(row.secretHash)) await this.rehash(row.id, row.secretHash, password);
    return this.signedIn({ accountId: row.accountId, playerId: player.id }, "login", meta);
  }

  /** Stores a hash with today's parameters, unless the password changed meanwhile. */
  private async rehash(identityId: number, old: string, password: string): Promise<void> {
    const fresh = await hashPassword(password);
    await this.db
      .update(identities)
      .set({ secretHash: fresh })
      .where(and(eq(identities.id, identityId), eq(identities.secretHash, old)));
  }

  private async localIdentity(providerId: string) {
    const rows = await this.db
      .select({
        id: identities.id,
        accountId: identities.accountId,
        secretHash: identities.secretHash,
        banned: accounts.banned,
      })
      .from(identities)
      .innerJoin(accounts, eq(accounts.id, identities.accountId))
      .where(and(eq(identities.provider, LOCAL), eq(identities.providerId, providerId)));
    return rows[0];
  }

  /**
   * A guest account with a generated name; it can link an identity or claim a name later, and
   * keeps `referrer` (the player whose link brought it, 0 none) through either.
   */
  async guest(meta: SignInMeta = {}, referrer = 0): Promise<string> {
    const referrerId = await existingPlayerId(this.db, referrer);
    for (let attempt = 0; attempt < 8; attempt++) {
      const name = guestName();
      try {
        const created = await this.db.transaction(async (tx) => {
          const [account] = await tx
            .insert(accounts)
            .values({ guest: true, referrerId })
            .returning({ id: accounts.id });
          if (!account) throw new Error("account insert returned nothing");
          const playerId = await insertPlayer(tx as unknown as Db, account.id, name);
          return { accountId: account.id, playerId };
        });
        return await this.signedIn(created, "guest", meta);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw new Error("could not find a free guest name");
  }
}

/** The password rules (length only, as OWASP advises), refused with the reason. */
export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN) {
    throw new AccountError(`Password must be at least ${PASSWORD_MIN} characters.`, 400);
  }
  if (password.length > PASSWORD_MAX) {
    throw new AccountError(`Password must be at most ${PASSWORD_MAX} characters.`, 400);
  }
}

export async function insertPlayer(db: Db, accountId: number, name: string): Promise<number> {
  const [player] = await db
    .insert(players)
    .values({ accountId, name, actions: maxActions({}) })
    .returning({ id: players.id });
  if (!player) throw new Error("player insert returned nothing");
  return player.id;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** "Guest_" and eight letters: valid under the name rules, unlikely to collide. */
function guestName(): string {
  let suffix = "";
  for (let i = 0; i < 8; i++) suffix += LETTERS[randomInt(LETTERS.length)];
  return `Guest_${suffix}`;
}

/**
 * A new account with one identity and its mage named `name`, in one transaction (a taken name
 * or identity is a unique violation).
 */
export function createNamedAccount(
  db: Db,
  name: string,
  referrerId: number | null,
  identity: { provider: string; providerId: string; email?: string | null; secretHash?: string },
): Promise<{ accountId: number; playerId: number }> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ referrerId })
      .returning({ id: accounts.id });
    if (!account) throw new Error("account insert returned nothing");
    await tx.insert(identities).values({ accountId: account.id, ...identity });
    const playerId = await insertPlayer(tx as unknown as Db, account.id, name);
    return { accountId: account.id, playerId };
  });
}

/** The player id if such a player exists, else null (a referrer that is gone is ignored). */
export async function existingPlayerId(db: Db, id: number): Promise<number | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.select({ id: players.id }).from(players).where(eq(players.id, id));
  return row?.id ?? null;
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
