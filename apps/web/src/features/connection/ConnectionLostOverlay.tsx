import { useEffect, useState } from "react";
import { BlockingOverlay } from "../../components/BlockingOverlay";
import { CONNECT_TIMED_OUT, PLAYING_ELSEWHERE, TOO_MANY_TABS } from "../../net/reconnectPolicy";

export interface ConnectionLostOverlayProps {
  /** Close reason sent by the server, if any. */
  reason?: string | null;
  /** Whether an automatic reconnect is under way. */
  reconnecting?: boolean;
  /** When the next automatic attempt starts (0: none planned). */
  retryAt?: number;
  /** The browser has no network: "You are offline". */
  offline?: boolean;
  /** "Retry now": an attempt at once. */
  onRetry?: () => void;
}

/** Seconds until `at`, ticking down once a second. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at > 0 ? Math.max(0, Math.ceil((at - now) / 1000)) : 0;
}

/**
 * Blocks the game while the socket is down, or while the browser is offline ("You are
 * offline": the page came from the offline cache); the connection logic decides when to
 * render it. The game reconnects by itself with the spec's backoff; "Retry now" tries at once.
 */
export function ConnectionLostOverlay({
  reason,
  reconnecting = true,
  retryAt = 0,
  offline = false,
  onRetry,
}: ConnectionLostOverlayProps) {
  const seconds = useSecondsUntil(retryAt);
  const retry = onRetry ? (
    <button type="button" className="btn btn-primary min-h-11 min-w-32" onClick={onRetry}>
      Retry now
    </button>
  ) : null;
  if (offline) {
    return (
      <BlockingOverlay title="You are offline" actions={retry}>
        <p>
          Your device has no network. Your mage keeps acting on the server while you are away; the
          game reconnects as soon as you are back online.
        </p>
      </BlockingOverlay>
    );
  }
  return (
    <BlockingOverlay title="Connection lost" actions={reconnecting ? retry : null}>
      {reason ? <p className="text-ink">{reason}</p> : null}
      {reason === CONNECT_TIMED_OUT ? (
        <p className="mt-2">It may be restarting or unreachable from your network.</p>
      ) : null}
      {reason === TOO_MANY_TABS ? (
        <p className="mt-2">
          Close a Manaspire tab you no longer need, then come back to this one.
        </p>
      ) : null}
      {reason === PLAYING_ELSEWHERE ? (
        <p className="mt-2">
          Your mage is open in another window or on another device. Come back to this tab to play
          here again.
        </p>
      ) : null}
      {reconnecting ? (
        <p className="mt-2 inline-flex items-center gap-2">
          <span className="size-2 animate-pulse rounded-full bg-primary-bright" />
          {seconds > 0 ? `Reconnecting in ${seconds} s…` : "Reconnecting…"}
        </p>
      ) : null}
    </BlockingOverlay>
  );
}
