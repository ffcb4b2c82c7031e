import { cx } from "../lib/cx";

export interface ProgressBarProps {
  /** 0..1; values outside are clamped. */
  ratio: number;
  className?: string;
  barClassName?: string;
}

export function ProgressBar({ ratio, className, barClassName }: ProgressBarProps) {
  const clamped = Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 0;
  return (
    <div className={cx("h-1.5 w-full overflow-hidden rounded-full bg-night-950/80", className)}>
      <div
        className={cx(
          "h-full rounded-full bg-linear-to-r from-primary-dark to-primary-bright transition-[width] duration-500",
          barClassName,
        )}
        style={{ width: `${clamped * 100}%` }}
      />
    </div>
  );
}
