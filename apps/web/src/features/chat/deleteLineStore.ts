import { create } from "zustand";

/**
 * The chat line a moderator asked to delete, waiting for their confirmation. Kept outside the
 * lines so the question survives the line scrolling out of the (virtualised) list.
 */
export const useDeleteLine = create<{ id: number | null }>()(() => ({ id: null }));

export function askDeleteLine(id: number): void {
  useDeleteLine.setState({ id });
}

export function closeDeleteLine(): void {
  if (useDeleteLine.getState().id !== null) useDeleteLine.setState({ id: null });
}
