import { lazy, Suspense } from "react";
import { Dialog } from "../../components/Dialog";
import { dismissAwaySummary, useAwaySummary } from "./awayStore";

const AwaySummaryBody = lazy(async () => ({
  default: (await import("./AwaySummaryDialog")).AwaySummaryBody,
}));

/**
 * "While you were away": what the mage did since the player's last visit, as the server
 * computed it (actions, battles, experience and levels, loot, items, market and transfers,
 * whispers). Shown once after a connection that follows an absence; Close dismisses it.
 */
export function AwaySummaryHost() {
  const summary = useAwaySummary((s) => s.summary);
  return (
    <Dialog
      open={summary !== null}
      title="While you were away"
      onCancel={dismissAwaySummary}
      cancelLabel="Close"
    >
      {summary ? (
        <Suspense fallback={<p>Loading…</p>}>
          <AwaySummaryBody summary={summary} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
