/**
 * Which push addresses the server may send to. A device's token is the URL the browser's push
 * service gave it; the server POSTs there, so an address a player made up must never be
 * reached: only hosts the operator lists (`PUSH_ENDPOINT_HOSTS`, the big push services by
 * default) and their subdomains, over https. Plain http is accepted only for a listed IP
 * address or localhost (a push service run for tests on this machine).
 */

const IP_OR_LOCAL = /^(localhost|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/;

/** The refusal for a push endpoint, or null when the server may send to it. */
export function endpointError(token: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(token);
  } catch {
    return "That is not a push address.";
  }
  if (url.username !== "" || url.password !== "") return "That is not a push address.";
  const host = url.hostname.toLowerCase();
  const hostWithPort = url.port === "" ? host : `${host}:${url.port}`;
  const allowed = allowedHosts.some(
    (entry) => entry === host || entry === hostWithPort || host.endsWith(`.${entry}`),
  );
  if (!allowed) return "This server does not send notifications to that push service.";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && IP_OR_LOCAL.test(host)) return null;
  return "Push addresses must use https.";
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Bytes of a base64url text, or null when it is not base64url. */
function base64urlBytes(text: string): Buffer | null {
  if (!BASE64URL.test(text)) return null;
  return Buffer.from(text.replace(/=+$/, ""), "base64url");
}

/**
 * The subscription's keys: p256dh an uncompressed P-256 point (65 bytes, 0x04 first), auth a
 * 16-byte secret (RFC 8291). Returns the refusal, or null.
 */
export function subscriptionKeysError(p256dh: string, auth: string): string | null {
  const key = base64urlBytes(p256dh);
  if (key?.length !== 65 || key[0] !== 4) return "The subscription's p256dh key is not valid.";
  const secret = base64urlBytes(auth);
  if (secret?.length !== 16) return "The subscription's auth secret is not valid.";
  return null;
}
