import { formatFull, formatNumber } from "../lib/numbers";

export interface NumProps {
  value: number;
  className?: string;
}

/** Abbreviated number ("12.34K") that shows the full value on hover. */
export function Num({ value, className }: NumProps) {
  return (
    <span title={formatFull(value)} className={className ?? "tabular-nums"}>
      {formatNumber(value)}
    </span>
  );
}
