import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { cx } from "../../lib/cx";

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
}

/** A row of tabs (scrolls sideways on narrow screens); arrow keys move between enabled tabs. */
export function Tabs<K extends string | number>({
  tabs,
  active,
  onSelect,
  label,
  idBase,
  className,
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
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKey}
      className={cx(
        "-mx-1 flex gap-1 overflow-x-auto border-b border-edge px-1 [scrollbar-width:none]",
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
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
