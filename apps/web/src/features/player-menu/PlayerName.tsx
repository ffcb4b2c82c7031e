import { type CSSProperties, type ReactNode, useRef } from "react";
import { cx } from "../../lib/cx";
import { closePlayerMenu, openPlayerMenu, usePlayerMenu } from "./playerMenuStore";

export interface PlayerNameProps {
  name: string;
  className?: string;
  style?: CSSProperties;
  /** What the button shows; the name by default. */
  children?: ReactNode;
  /** The player's role when known (chat lines carry it): fits the moderators' entries. */
  role?: number;
}

/** A player's name; a click opens the player-name menu (rendered by PlayerMenuHost). */
export function PlayerName({ name, className, style, children, role }: PlayerNameProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const open = usePlayerMenu((s) => s.menu !== null && s.menu.trigger === ref.current);
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={(event) => {
        if (open) closePlayerMenu();
        else openPlayerMenu(name, event.currentTarget, role);
      }}
      className={cx(
        "cursor-pointer rounded-sm font-semibold hover:underline focus-visible:underline",
        className,
      )}
      style={style}
      data-testid="player-name-button"
    >
      {children ?? name}
    </button>
  );
}
