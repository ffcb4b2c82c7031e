import { useEffect } from "react";
import { send, useGameStore } from "../../store/gameStore";
import { LootList } from "../loot/LootList";

/** The dungeon loot tracker (getDungeonLootTracker): what dungeons gave, with Reset. */
export function DungeonLootCard() {
  const tracker = useGameStore((s) => s.dungeon.tracker);
  const connected = useGameStore((s) => s.connection.status === "connected");
  useEffect(() => {
    if (connected) send("getDungeonLootTracker", { reset: false });
  }, [connected]);
  return (
    <section className="panel space-y-2 px-4 py-3" aria-labelledby="dungeon-loot-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="dungeon-loot-title" className="font-display text-lg font-bold text-ink">
          Dungeon loot
        </h2>
        <button
          type="button"
          className="btn btn-ghost h-7 px-2 text-xs"
          onClick={() => send("getDungeonLootTracker", { reset: true })}
        >
          Reset
        </button>
      </div>
      <div data-testid="dungeon-loot">
        {tracker ? (
          <LootList
            loot={tracker.loot}
            items={tracker.items}
            emptyText="Nothing yet: complete a dungeon."
          />
        ) : (
          <div className="skeleton h-8 w-full" />
        )}
      </div>
    </section>
  );
}
