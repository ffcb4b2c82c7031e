/**
 * The popup flow of spec 000 section 7: the sign-in address opens in a popup; its end
 * arrives as a window message `oauth-success` (data: the login token) or `oauth-error`
 * (data: the message). If the popup is blocked, or closed without a message, the same
 * address opens in this window instead.
 *
 * A provider's Cross-Origin-Opener-Policy can cut the popup off from this window; the
 * server's completion page then announces the result on a BroadcastChannel, which this side
 * acknowledges so the popup closes (http/oauth-complete-page.ts on the server).
 */

export type OAuthResult = { type: "oauth-success" | "oauth-error"; data: string };

export const OAUTH_CHANNEL = "manaspire-oauth";
const POPUP_NAME = "manaspire-oauth";
const POPUP_FEATURES = "popup,width=520,height=720";
/** How often the popup is checked for being closed, and how long a late message may take. */
const CLOSED_POLL_MS = 400;
const LATE_MESSAGE_MS = 1000;

/** The result a message carries, or null for any other message. */
export function oauthResultOf(data: unknown): OAuthResult | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, data: payload } = data as { type?: unknown; data?: unknown };
  if ((type !== "oauth-success" && type !== "oauth-error") || typeof payload !== "string") {
    return null;
  }
  return { type, data: payload };
}

export interface OAuthFlow {
  /** The address to open, when it was not known at the click (linking asks the server). */
  go(url: string): void;
  /** Stops listening and closes the popup (the screen went away). */
  cancel(): void;
}

/**
 * Opens the popup at once (at the click, so no popup blocker objects), at `url` or blank
 * until `go(url)`. `onResult` runs once, unless the flow continues in this window.
 */
export function openOAuthPopup(url: string | null, onResult: (r: OAuthResult) => void): OAuthFlow {
  let target = url;
  let finished = false;
  let closedEarly = false;
  const popup = window.open(url ?? "about:blank", POPUP_NAME, POPUP_FEATURES);
  let channel: BroadcastChannel | null = null;
  try {
    channel = new BroadcastChannel(OAUTH_CHANNEL);
  } catch {
    channel = null;
  }

  const cleanup = () => {
    window.removeEventListener("message", onMessage);
    channel?.close();
    clearInterval(poll);
  };
  const finish = (result: OAuthResult) => {
    if (finished) return;
    finished = true;
    cleanup();
    onResult(result);
  };
  /** The same address in this window (spec: popup blocked or closed without a message). */
  const inThisWindow = () => {
    if (finished) return;
    if (!target) {
      closedEarly = true;
      return;
    }
    finished = true;
    cleanup();
    window.location.assign(target);
  };
  function onMessage(event: MessageEvent) {
    if (event.origin !== window.location.origin) return;
    const result = oauthResultOf(event.data);
    if (result) finish(result);
  }
  window.addEventListener("message", onMessage);
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const result = oauthResultOf(event.data);
      if (!result) return;
      const id = (event.data as { id?: unknown }).id;
      if (typeof id === "string") channel?.postMessage({ ack: id });
      finish(result);
    };
  }
  const poll = setInterval(() => {
    if (popup && !popup.closed) return;
    clearInterval(poll);
    setTimeout(inThisWindow, LATE_MESSAGE_MS);
  }, CLOSED_POLL_MS);
  if (!popup) inThisWindow();

  return {
    go(next) {
      target = next;
      if (finished) return;
      if (!popup || closedEarly || popup.closed) {
        closedEarly = true;
        inThisWindow();
        return;
      }
      popup.location.href = next;
    },
    cancel() {
      if (finished) return;
      finished = true;
      cleanup();
      popup?.close();
    },
  };
}
