import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";

/** `Algorithm.Argon2id` (a const enum, which this build cannot read at run time). */
const ARGON2ID = 2 as Algorithm;

/**
 * Password hashing: Argon2id with OWASP's recommended minimum (Password Storage Cheat Sheet:
 * 19 MiB of memory, 2 iterations, 1 degree of parallelism), in the PHC string format
 * `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`. The hash runs on libuv's thread pool, not the
 * event loop (about 50 ms on one core).
 *
 * Hashes of the first release (`scrypt$16384$salt$hash`, scrypt N=2^14, below OWASP's N=2^17)
 * still verify; {@link needsRehash} says so, and a successful sign-in stores a new hash.
 */
export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

const LEGACY_SCRYPT_COST = 16384;
const LEGACY_KEY_LENGTH = 64;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("$argon2")) {
    try {
      return await verify(stored, password);
    } catch {
      return false; // a malformed stored hash matches nothing
    }
  }
  if (stored.startsWith("scrypt$")) return verifyLegacyScrypt(password, stored);
  return false;
}

/** True when a stored hash was made with other parameters than today's: rehash it at sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

function verifyLegacyScrypt(password: string, stored: string): Promise<boolean> {
  const [, cost, salt, expectedText] = stored.split("$");
  if (Number(cost) !== LEGACY_SCRYPT_COST || !salt || !expectedText) return Promise.resolve(false);
  const expected = Buffer.from(expectedText, "base64url");
  return new Promise((resolve, reject) => {
    scrypt(
      password,
      Buffer.from(salt, "base64url"),
      LEGACY_KEY_LENGTH,
      { N: LEGACY_SCRYPT_COST, r: 8, p: 1 },
      (err, actual) => {
        if (err) reject(err);
        else resolve(expected.length === actual.length && timingSafeEqual(expected, actual));
      },
    );
  });
}

/** A legacy scrypt hash, as the first release stored them (tests of the upgrade use it). */
export function legacyScryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) => {
    scrypt(password, salt, LEGACY_KEY_LENGTH, { N: LEGACY_SCRYPT_COST, r: 8, p: 1 }, (err, key) =>
      err
        ? reject(err)
        : resolve(
            `scrypt$${LEGACY_SCRYPT_COST}$${salt.toString("base64url")}$${key.toString("base64url")}`,
          ),
    );
  });
}

/**
 * A well-formed hash of a random password nobody knows, with today's parameters. Sign-in
 * verifies against it when the name has no password (no such name, or no local secret), so
 * that path costs the same Argon2id as a wrong password and its timing does not reveal which
 * names exist.
 */
export const UNKNOWN_NAME_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$Grux37YGHuC9M/gDv3cVtw$JPj2C1rmqV07RZF1wWXd7w8BCL8FLuwExHLFO1vetAg";
