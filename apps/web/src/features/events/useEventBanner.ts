import { RiftType } from "@manaspire/game";
import { useEffect, useState } from "react";
import { useGameStore } from "../../store/gameStore";
import { eventBanner } from "./eventModel";

/**
 * The status panel's event banner ("Elemental Rift starting in 12 ticks"), renewed every second
 * while an event is on (only then does a timer run); null between events.
 */
export function useEventBanner(): string | null {
  const state = useGameStore((s) => s.events.state);
  const [now, setNow] = useState(() => Date.now());
  const on = state !== null && state.eventType !== RiftType.None;
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return eventBanner(state, now);
}
