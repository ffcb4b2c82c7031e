import type { ReactNode } from "react";
import { Tooltip } from "../../../components/Tooltip";
import { cx } from "../../../lib/cx";

export interface StatRowProps {
  label: ReactNode;
  /** Shorter label for narrow screens (below the lg breakpoint). */
  shortLabel?: string;
  value: ReactNode;
  icon?: ReactNode;
  tooltip?: ReactNode;
  onClick?: () => void;
  /** Accessible hint for the click action. */
  actionLabel?: string;
  valueClassName?: string;
  /** data-testid of the value, for end-to-end tests. */
  testId?: string;
}

/** One "label .... value" line of the status panel, optionally clickable or with a tooltip. */
export function StatRow({
  label,
  shortLabel,
  value,
  icon,
  tooltip,
  onClick,
  actionLabel,
  valueClassName,
  testId,
}: StatRowProps) {
  const body = (
    <>
      <span className="flex min-w-0 items-center gap-2 text-ink-muted">
        {icon ? <span className="hidden shrink-0 text-ink-faint sm:inline">{icon}</span> : null}
        {shortLabel ? (
          <>
            <span className="truncate lg:hidden">{shortLabel}</span>
            <span className="hidden truncate lg:inline">{label}</span>
          </>
        ) : (
          <span className="truncate">{label}</span>
        )}
      </span>
      <span
        data-testid={testId}
        className={cx("font-semibold whitespace-nowrap tabular-nums text-ink", valueClassName)}
      >
        {value}
      </span>
    </>
  );
  const rowClass =
    "flex w-full items-center justify-between gap-2 rounded-md px-1.5 py-1 text-sm sm:gap-3 sm:px-2";
  const row = onClick ? (
    <button
      type="button"
      onClick={onClick}
      title={actionLabel}
      className={cx(rowClass, "text-left transition-colors hover:bg-white/5")}
    >
      {body}
    </button>
  ) : (
    <div className={rowClass}>{body}</div>
  );
  return tooltip ? (
    <Tooltip content={tooltip} block>
      {row}
    </Tooltip>
  ) : (
    row
  );
}
