import type { ReactNode } from "react";

/** A spend the player must confirm first ('Confirm upgrade'). */
export interface PendingUpgrade {
  title?: string;
  body: ReactNode;
  confirmLabel: string;
  run: () => void;
}
