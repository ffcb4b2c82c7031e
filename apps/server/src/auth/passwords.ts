import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 64;
const COST = 16384;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: COST, r: 8, p: 1 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** scrypt hash as `scrypt$N$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${COST}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || Number(cost) !== COST || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A well-formed hash of a random password nobody knows. Sign-in verifies against it when the
 * name has no password (no such name, or no local secret), so that path runs the same scrypt
 * as a wrong password and its timing does not reveal which names exist.
 */
export const UNKNOWN_NAME_HASH = `scrypt$${COST}$-SCAM3DiEa_GGUfgsSnqlQ$dt8eqRNzNOp12sALD3GsZjzDo_n3UBP1bUZhU4138aCgU4iMWlcmA3rYpvnciMgzJ5If_Knzv-H74E8YwqeKNA`;
