import type { ReactNode } from "react";
import { RefreshIcon } from "../../components/icons/uiIcons";

/**
 * "Your mage is out of actions": what stops while the count is 0 (the children say it), and the
 * Refresh actions button. On the main view and the Rift of Power's siphon view.
 */
export function OutOfActions({
  onRefresh,
  children,
}: {
  onRefresh: () => void;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      data-testid="out-of-actions"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
    >
      <p className="min-w-0 flex-1">{children}</p>
      <button type="button" className="btn btn-primary" onClick={onRefresh}>
        <RefreshIcon className="size-4" />
        Refresh actions
      </button>
    </div>
  );
}
