import { send, useGameStore } from "../../store/gameStore";

/** Clear button of the loot tracker: tell the server, then empty the local list. */
export function clearLootTracker(): void {
  if (send("clearLootTracker", {})) useGameStore.setState({ lootTracker: [] });
}
