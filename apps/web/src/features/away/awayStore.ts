import type { AwaySummary } from "@manaspire/protocol";
import { create } from "zustand";

/** The "While you were away" summary the server sent, until the player dismisses it. */
export const useAwaySummary = create<{ summary: AwaySummary | null }>(() => ({ summary: null }));

export function showAwaySummary(summary: AwaySummary): void {
  useAwaySummary.setState({ summary });
}

export function dismissAwaySummary(): void {
  useAwaySummary.setState({ summary: null });
}
