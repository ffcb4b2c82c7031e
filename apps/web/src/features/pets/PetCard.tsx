import { type ReactNode, useRef, useState } from "react";
import { Num } from "../../components/Num";
import { ProgressBar } from "../../components/ProgressBar";
import { cx } from "../../lib/cx";
import { useOutsideClick } from "../../lib/useOutsideClick";
import { PetArt } from "./PetArt";
import type { PetCardModel } from "./petsModel";

export interface PetMenuEntry {
  label: string;
  run: () => void;
  danger?: boolean;
}

/** A pet card (spec: skin, name, class and count, level, XP bar, effect text) with its menu. */
export function PetCard({
  card,
  count,
  menu,
  footer,
}: {
  card: PetCardModel;
  /** The class's count, e.g. "Combat 2/3". */
  count: string;
  menu?: readonly PetMenuEntry[];
  footer?: ReactNode;
}) {
  const owned = card.pet !== null;
  const ratio = card.xpToLevel > 0 ? card.xp / card.xpToLevel : 0;
  return (
    <li
      className={cx("panel flex flex-col gap-2 p-3", card.pet?.active && "border-gold/50")}
      data-testid={`pet-${card.def.type}`}
    >
      <div className="flex items-start gap-3">
        <PetArt type={card.def.type} skin={card.pet?.skin ?? 0} locked={!owned} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-display font-bold text-ink" data-testid="pet-name">
            {card.name}
          </h3>
          <p className="text-xs text-ink-muted">
            {card.def.name !== card.name ? `${card.def.name} · ` : ""}
            {count}
          </p>
          <p className="text-xs font-semibold text-gold" data-testid="pet-level">
            Level {card.level}
          </p>
        </div>
        {menu && menu.length > 0 ? <PetMenu name={card.name} entries={menu} /> : null}
      </div>
      {owned ? (
        <div>
          <ProgressBar ratio={ratio} className="h-1.5" />
          <p className="mt-0.5 text-right text-[0.65rem] text-ink-faint tabular-nums">
            <Num value={card.xp} /> / <Num value={card.xpToLevel} /> XP
          </p>
        </div>
      ) : null}
      <p className="text-xs text-ink">
        <span className="font-semibold text-ink-muted">{card.def.effectName}: </span>
        {owned && card.level > 0 ? card.effect : `at level 1: ${card.nextEffect}`}
      </p>
      {owned && card.level > 0 ? (
        <p className="text-[0.65rem] text-ink-faint">Next level: {card.nextEffect}</p>
      ) : null}
      {footer}
    </li>
  );
}

function PetMenu({ name, entries }: { name: string; entries: readonly PetMenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useOutsideClick([button, list], () => setOpen(false), open);
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${name} menu`}
        className="grid size-8 place-items-center rounded-md border border-edge text-ink-muted hover:text-ink"
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open ? (
        <div
          ref={list}
          role="menu"
          aria-label={`${name} menu`}
          className="absolute top-9 right-0 z-30 min-w-44 animate-fade-in overflow-hidden rounded-lg border border-edge-bright bg-night-800 py-1 text-sm shadow-[0_12px_32px_-8px_rgb(0_0_0/0.8)]"
        >
          {entries.map((e) => (
            <button
              key={e.label}
              type="button"
              role="menuitem"
              className={cx(
                "block w-full px-3 py-1.5 text-left hover:bg-white/[0.06]",
                e.danger ? "text-danger" : "text-ink",
              )}
              onClick={() => {
                setOpen(false);
                e.run();
              }}
            >
              {e.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
