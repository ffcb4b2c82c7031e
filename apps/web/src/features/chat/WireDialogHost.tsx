import { lazy, Suspense } from "react";
import { useGameStore } from "../../store/gameStore";

/** Opened now and then: its own chunk, loaded on the first `/wire`. */
const WireDialog = lazy(async () => ({ default: (await import("./WireDialog")).WireDialog }));

/** The transfer dialog `/wire name` opens (server message wireTarget): sends transferLoot. */
export function WireDialogHost() {
  const target = useGameStore((s) => s.chat.wireTarget);
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <WireDialog key={`${target.playerId}`} target={target} />
    </Suspense>
  );
}
