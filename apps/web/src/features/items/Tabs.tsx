import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons/uiIcons";
import { cx } from "../../lib/cx";

/** Which ends of a scrolling strip hide tabs. */
function useOverflow(ref: React.RefObject<HTMLDivElement | null>) {
  const [hidden, setHidden] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setHidden((h) => (h.before === before && h.after === after ? h : { before, after }));
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener("scroll", measure);
    };
  }, [ref, measure]);
  return hidden;
}

export interface TabDef<K extends string | number> {
  key: K;
  label: ReactNode;
  disabled?: boolean;
  /** Shown as the title of a disabled tab. */
  reason?: string | null;
}

export interface TabsProps<K extends string | number> {
  tabs: readonly TabDef<K>[];
  active: K;
  onSelect: (key: K) => void;
  label: string;
  /** id prefix linking each tab to its panel (`${idBase}-panel`). */
  idBase: string;
  className?: string;
  /**
   * From the `sm` width up, tabs that do not fit go to a second row instead of scrolling (the
   * market's ten tabs beside the status panel and the loot tracker at 1366 px); narrower, the
   * strip still scrolls.
   */
  wrap?: boolean;
}

/**
 * A row of tabs (scrolls sideways when they do not fit, with a fade and an arrow button at
 * each end that hides tabs); arrow keys move between enabled tabs.
 */
export function Tabs<K extends string | number>({
  tabs,
  active,
  onSelect,
  label,
  idBase,
  className,
  wrap = false,
}: TabsProps<K>) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const enabled = tabs.filter((tab) => !tab.disabled);
    const at = enabled.findIndex((tab) => tab.key === active);
    const step = event.key === "ArrowRight" ? 1 : -1;
    const next = enabled[(at + step + enabled.length) % enabled.length];
    if (!next) return;
    event.preventDefault();
    onSelect(next.key);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-tab="${String(next.key)}"]`)?.focus();
  };
  const hidden = useOverflow(listRef);
  // The chosen tab is always in view (a remembered tab may sit past the strip's end).
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>(`[data-tab="${String(active)}"]`);
    if (!list || !tab) return;
    const left = tab.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft) list.scrollLeft = left - 8;
    else if (left + tab.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left + tab.offsetWidth - list.clientWidth + 8;
    }
  }, [active]);
  const scrollBy = (direction: -1 | 1) => {
    const list = listRef.current;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
    list?.scrollBy({
      left: direction * list.clientWidth * 0.7,
      behavior: still ? "auto" : "smooth",
    });
  };
  const arrow = (direction: -1 | 1) => (
    <button
      type="button"
      tabIndex={-1}
      aria-label={direction < 0 ? `Earlier ${label.toLowerCase()}` : `More ${label.toLowerCase()}`}
      onClick={() => scrollBy(direction)}
      className={cx(
        "absolute top-0 bottom-px z-10 flex w-10 items-center text-ink-muted hover:text-gold",
        direction < 0
          ? "left-0 justify-start bg-linear-to-r from-night-900 via-night-900/90 to-transparent"
          : "right-0 justify-end bg-linear-to-l from-night-900 via-night-900/90 to-transparent",
      )}
    >
      {direction < 0 ? (
        <ChevronLeftIcon className="size-4" />
      ) : (
        <ChevronRightIcon className="size-4" />
      )}
    </button>
  );
  return (
    <div className="relative">
      {hidden.before ? arrow(-1) : null}
      {hidden.after ? arrow(1) : null}
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKey}
        className={cx(
          "-mx-1 flex gap-1 overflow-x-auto border-b border-edge px-1 [scrollbar-width:none]",
          wrap && "sm:flex-wrap sm:gap-x-0 sm:gap-y-0 sm:overflow-visible",
          className,
        )}
      >
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={String(tab.key)}
              type="button"
              role="tab"
              id={`${idBase}-tab-${String(tab.key)}`}
              data-tab={String(tab.key)}
              aria-selected={selected}
              aria-controls={`${idBase}-panel`}
              tabIndex={selected ? 0 : -1}
              disabled={tab.disabled}
              title={tab.disabled ? (tab.reason ?? undefined) : undefined}
              onClick={() => onSelect(tab.key)}
              className={cx(
                "relative -mb-px shrink-0 rounded-t-lg border border-b-0 px-3.5 py-2 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4",
                selected
                  ? "border-edge-bright bg-night-800 text-gold after:absolute after:inset-x-3 after:-bottom-px after:h-0.5 after:rounded-full after:bg-gold"
                  : "border-transparent text-ink-muted hover:bg-white/[0.04] hover:text-ink",
                tab.disabled &&
                  "cursor-not-allowed opacity-45 hover:bg-transparent hover:text-ink-muted",
                // Wrapped, each row stands on a line of its own.
                wrap && "sm:border-b sm:border-b-edge",
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
