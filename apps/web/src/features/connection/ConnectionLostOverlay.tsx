import { BlockingOverlay } from "../../components/BlockingOverlay";
import { PLAYING_ELSEWHERE, TOO_MANY_TABS } from "../../net/reconnectPolicy";

export interface ConnectionLostOverlayProps {
  /** Close reason sent by the server, if any. */
  reason?: string | null;
  /** Whether an automatic reconnect is under way. */
  reconnecting?: boolean;
}

/** Blocks the game while the socket is down; the connection logic decides when to render it. */
export function ConnectionLostOverlay({ reason, reconnecting = true }: ConnectionLostOverlayProps) {
  return (
    <BlockingOverlay title="Connection lost">
      {reason ? <p className="text-ink">{reason}</p> : null}
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
          Reconnecting…
        </p>
      ) : null}
    </BlockingOverlay>
  );
}
