import { useEffect } from "react";
import { send, useGameStore } from "../../store/gameStore";

/** How often an open book is asked for again (others' orders change it too). */
export const BOOK_REFRESH_MS = 5000;

/**
 * Keeps an item's book fresh while it is shown: asks at once, every few seconds while the
 * page is visible, after each of the player's trades, and after a reconnect.
 */
export function useBook(lootId: number | null): void {
  const tradeCount = useGameStore((s) => s.market.tradeCount);
  const connected = useGameStore((s) => s.connection.status === "connected");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a trade or reconnect asks again
  useEffect(() => {
    if (lootId === null || !connected) return;
    const ask = () => {
      if (document.visibilityState === "visible") send("listOrders", { lootId });
    };
    ask();
    const timer = setInterval(ask, BOOK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [lootId, tradeCount, connected]);
}

/** Keeps the player's own orders fresh while a market screen is open. */
export function useMyOrders(): void {
  const tradeCount = useGameStore((s) => s.market.tradeCount);
  const connected = useGameStore((s) => s.connection.status === "connected");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a trade or reconnect asks again
  useEffect(() => {
    if (connected) send("refreshMyOrders", {});
  }, [tradeCount, connected]);
}
