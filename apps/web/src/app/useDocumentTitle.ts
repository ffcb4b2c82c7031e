import { useEffect } from "react";
import { create } from "zustand";

/** A screen's own title (the battle view's actions left), over its route's title. */
export const useTitleOverride = create<{ title: string | null }>(() => ({ title: null }));

/** Sets this screen's document title while it is shown ("Town" becomes "Town · Manaspire"). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    useTitleOverride.setState({ title });
    return () => useTitleOverride.setState({ title: null });
  }, [title]);
}
