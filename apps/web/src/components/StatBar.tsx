import { cx } from "../lib/cx";
import { Num } from "./Num";

const TONES = {
  health: "from-rose-700 via-rose-500 to-rose-400 shadow-[0_0_10px_rgb(244_63_94/0.45)]",
  mana: "from-blue-700 via-sky-500 to-cyan-300 shadow-[0_0_10px_rgb(56_189_248/0.45)]",
  enemy: "from-orange-800 via-orange-500 to-amber-300 shadow-[0_0_10px_rgb(249_115_22/0.45)]",
} as const;

export interface StatBarProps {
  label: string;
  value: number;
  max: number;
  tone: keyof typeof TONES;
  className?: string;
}

/** A labelled resource bar (health, mana) with current / max in abbreviated numbers. */
export function StatBar({ label, value, max, tone, className }: StatBarProps) {
  const ratio = max > 0 && Number.isFinite(value) ? Math.min(1, Math.max(0, value / max)) : 0;
  // Whole points: a sliver of health left still reads as 1, never as 0.
  const shown = value > 0 ? Math.ceil(value) : 0;
  const shownMax = Math.round(max);
  return (
    <div className={className}>
      <div className="mb-1 flex items-baseline justify-between gap-2 text-xs">
        <span className="font-medium text-ink-muted">{label}</span>
        <span className="font-semibold text-ink tabular-nums">
          <Num value={shown} />
          <span className="text-ink-faint"> / </span>
          <Num value={shownMax} />
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={shownMax}
        aria-valuenow={shown}
        className="h-2.5 overflow-hidden rounded-full bg-night-950/90 ring-1 ring-white/5"
      >
        <div
          className={cx(
            "h-full rounded-full bg-linear-to-r transition-[width] duration-700 ease-out",
            TONES[tone],
          )}
          style={{ width: `${ratio * 100}%` }}
        />
      </div>
    </div>
  );
}
