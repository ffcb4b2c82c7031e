import type { ClientPayload } from "@manaspire/protocol";
import { send, useGameStore } from "../../store/gameStore";
import { clearPreviews, markLookupsPending, needsLookup } from "../../store/slices/inventory";

/**
 * Asks the server for an item the player does not own, once: later calls (other tooltips of
 * the same item, re-opening) use the cached answer or wait for the pending one.
 */
export function ensureItemLoaded(id: number): void {
  const { inventory } = useGameStore.getState();
  if (!needsLookup(inventory, id)) return;
  if (!send("getItem", { id })) return;
  useGameStore.setState((state) => ({ inventory: markLookupsPending(state.inventory, [id]) }));
}

/** Sends a disenchant preview request (confirmed false) after forgetting any old preview. */
export function requestDisenchantPreview(payload: Omit<ClientPayload<"disenchant">, "confirmed">) {
  useGameStore.setState((state) => ({ inventory: clearPreviews(state.inventory) }));
  return send("disenchant", { ...payload, confirmed: false });
}

/** Sends codexReset { confirmed: false } after forgetting any old preview. */
export function requestCodexResetPreview(): boolean {
  useGameStore.setState((state) => ({ inventory: clearPreviews(state.inventory) }));
  return send("codexReset", { confirmed: false });
}

/** Closes a preview dialog: the preview is not needed any more. */
export function dismissPreviews(): void {
  useGameStore.setState((state) => ({ inventory: clearPreviews(state.inventory) }));
}
