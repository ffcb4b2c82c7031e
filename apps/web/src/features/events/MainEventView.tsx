import { useGameStore } from "../../store/gameStore";
import { useNow } from "../farm/useNow";
import { ticksLeft } from "./eventModel";
import { RiftView } from "./RiftView";
import { SiphonView } from "./SiphonView";

/** The main view of a player in a running event: the rift's event view or the siphon view. */
export function MainEventView({ view }: { view: "rift" | "siphon" }) {
  const events = useGameStore((s) => s.events);
  const now = useNow(1000);
  const ticks = ticksLeft(events.state, now);
  if (view === "siphon") {
    return (
      <SiphonView
        ticks={ticks}
        joined={events.state?.joined ?? false}
        siphoning={events.state?.siphoning ?? false}
        successes={events.state?.successCount ?? 0}
        siphons={events.siphons}
      />
    );
  }
  return events.rift ? <RiftView rift={events.rift} ticks={ticks} /> : null;
}
