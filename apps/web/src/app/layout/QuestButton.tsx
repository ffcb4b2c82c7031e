import { useRef } from "react";
import { CheckIcon } from "../../components/icons/uiIcons";
import { cx } from "../../lib/cx";
import type { QuestClick } from "../shellModel";

/** "Complete Quest" button that records the click details the server asks for. */
export function QuestButton({
  onComplete,
  compact = false,
  className,
}: {
  onComplete: (click: QuestClick) => void;
  compact?: boolean;
  className?: string;
}) {
  const pressedAt = useRef<number | null>(null);

  return (
    <button
      type="button"
      onPointerDown={() => {
        pressedAt.current = performance.now();
      }}
      onClick={(event) => {
        const started = pressedAt.current;
        pressedAt.current = null;
        onComplete({
          x: Math.round(event.clientX),
          y: Math.round(event.clientY),
          pressDurationMs: started === null ? 0 : Math.round(performance.now() - started),
          touchCapable: navigator.maxTouchPoints > 0,
        });
      }}
      className={cx(
        "btn btn-primary animate-pulse-soft",
        compact ? "h-9 px-2.5 py-0 text-xs" : "",
        className,
      )}
    >
      <CheckIcon className="size-4" />
      Complete Quest
    </button>
  );
}
