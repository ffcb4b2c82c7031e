import { cx } from "../../lib/cx";
import { POTION_COLORS } from "./potionView";

/** A small flask drawn in the potion's colour. */
export function PotionFlask({ boost, className }: { boost: number; className?: string }) {
  const color = POTION_COLORS[boost] ?? "#aaa3d6";
  return (
    <svg viewBox="0 0 24 24" className={cx("size-5", className)} aria-hidden="true">
      <path
        d="M9.5 3h5M10.2 3v5.2L5.4 17a2.6 2.6 0 0 0 2.3 3.9h8.6a2.6 2.6 0 0 0 2.3-3.9l-4.8-8.8V3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <path
        d="M7.2 14.2h9.6l1.8 3.4a1.7 1.7 0 0 1-1.5 2.5H6.9a1.7 1.7 0 0 1-1.5-2.5Z"
        fill={color}
        opacity="0.9"
      />
      <circle cx="10.5" cy="16.6" r="0.9" fill="white" opacity="0.7" />
    </svg>
  );
}
