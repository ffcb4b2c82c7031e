import type { ActionType } from "@manaspire/game";
import { Link, useLocation } from "react-router";
import { cx } from "../../lib/cx";
import { NavIcon } from "./NavIcon";
import { isNavEntryActive, type NavEntry } from "./navEntries";

export interface NavItemProps {
  entry: NavEntry;
  /** "bar": desktop top bar; "tile": the collapsed menu's list. */
  variant: "bar" | "tile";
  unread?: boolean;
  onSetActionType: (type: ActionType) => void;
  onNavigate?: () => void;
}

function UnreadDot({ className }: { className?: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className={cx(
          "absolute size-2 rounded-full bg-red-500 shadow-[0_0_6px_rgb(239_68_68)] ring-2 ring-night-900",
          className,
        )}
      />
      <span className="sr-only"> (unread)</span>
    </>
  );
}

const BAR_ITEM =
  "relative flex h-9 shrink-0 items-center gap-1.5 rounded-md px-2 text-[0.8rem] font-semibold whitespace-nowrap transition-colors";

function BarContent({ entry }: { entry: NavEntry }) {
  return (
    <>
      <NavIcon icon={entry.icon} className="size-[1.15rem] shrink-0 xl:hidden min-[1700px]:block" />
      <span className="sr-only xl:not-sr-only">{entry.label}</span>
    </>
  );
}

/**
 * The room of the activity entry before the mage's state arrives (its entry depends on the
 * action type): the bar's other entries do not move when it appears. Holds the Battle entry,
 * the main view's default.
 */
export function NavItemPlaceholder({ entry }: { entry: NavEntry }) {
  return (
    <span aria-hidden="true" className={cx(BAR_ITEM, "invisible")}>
      <BarContent entry={entry} />
    </span>
  );
}

export function NavItem({ entry, variant, unread, onSetActionType, onNavigate }: NavItemProps) {
  const { pathname } = useLocation();
  const active = isNavEntryActive(entry, pathname);
  const onClick = () => {
    if (entry.actionType !== undefined) onSetActionType(entry.actionType);
    onNavigate?.();
  };

  if (variant === "tile") {
    return (
      <Link
        to={entry.to}
        onClick={onClick}
        aria-current={active ? "page" : undefined}
        className={cx(
          "relative flex flex-col items-center gap-1.5 rounded-lg border px-2 py-3 text-xs font-semibold transition-colors",
          active
            ? "border-primary-light/70 bg-primary/25 text-white"
            : "border-edge bg-night-800/70 text-ink-muted hover:border-edge-bright hover:text-ink",
        )}
      >
        <NavIcon icon={entry.icon} className="size-6" />
        {entry.label}
        {unread ? <UnreadDot className="top-2 right-2" /> : null}
      </Link>
    );
  }

  return (
    <Link
      to={entry.to}
      onClick={onClick}
      title={entry.label}
      aria-current={active ? "page" : undefined}
      className={cx(
        BAR_ITEM,
        active
          ? "bg-primary/25 text-white shadow-[inset_0_-2px_0_var(--color-primary-bright)]"
          : "text-ink-muted hover:bg-white/5 hover:text-ink",
      )}
    >
      <BarContent entry={entry} />
      {unread ? <UnreadDot className="top-1 right-0.5" /> : null}
    </Link>
  );
}
