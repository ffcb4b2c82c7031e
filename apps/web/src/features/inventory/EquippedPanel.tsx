import type { Slot } from "@manaspire/game";
import type { Item } from "@manaspire/protocol";
import { Link } from "react-router";
import { CloseIcon } from "../../components/icons/uiIcons";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { ItemLink } from "../items/ItemTooltip";
import { ArrowUpIcon, SlotIcon } from "../items/itemIcons";
import { qualityText, SLOTS, slotName } from "../items/itemModel";

const RARITY_RING: Record<number, string> = {
  3: "border-rarity-3/40",
  4: "border-rarity-4/45",
  5: "border-rarity-5/50",
  6: "border-rarity-6/50",
  7: "border-rarity-7/55",
};

/** The nine equipment slots with what is worn in each (spec: Weapon … Ring, Sigil). */
export function EquippedPanel({
  equipped,
  sigil,
  onUnequip,
}: {
  equipped: Partial<Record<Slot, Item>>;
  /** The active sigil (player level, not an item), shown in the Sigil slot. */
  sigil: ActiveSigil | null;
  onUnequip: (slot: Slot) => void;
}) {
  const none = Object.keys(equipped).length === 0;
  return (
    <section aria-labelledby="equipped-title" className="panel px-4 py-4 sm:px-5">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="equipped-title" className="panel-title">
          Equipped
        </h2>
        <span className="text-xs text-ink-faint tabular-nums">
          {Object.keys(equipped).length} / {SLOTS.length}
        </span>
      </div>
      {none ? (
        <p
          className="mb-3 rounded-lg border border-dashed border-edge-bright/70 bg-night-950/40 px-3 py-2 text-sm text-ink-muted"
          data-testid="nothing-equipped"
        >
          You don't have any items equipped.
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-2 @2xl:grid-cols-3">
        {SLOTS.map((slot) =>
          slot === 9 && !equipped[9] ? (
            <SigilSlotCard key={slot} sigil={sigil} />
          ) : (
            <SlotCard key={slot} slot={slot} item={equipped[slot]} onUnequip={onUnequip} />
          ),
        )}
      </ul>
    </section>
  );
}

export interface ActiveSigil {
  name: string;
  level: number;
  /** "+4% Potion Boost". */
  effect: string;
}

/** The Sigil slot: the active sigil and its level, linking to /sigils. */
function SigilSlotCard({ sigil }: { sigil: ActiveSigil | null }) {
  return (
    <li
      data-testid="slot-sigil"
      className={sigil ? "col-span-2 min-[420px]:col-span-1" : undefined}
    >
      <Link
        to="/sigils"
        className={cx(
          "flex items-start rounded-lg border bg-night-950/45 py-2 pr-3 transition-colors hover:border-edge-bright",
          sigil
            ? "min-h-[4.5rem] gap-3 border-gold/40 pl-3"
            : "gap-2 border-edge/60 border-dashed pl-2 min-[420px]:min-h-[4.5rem] min-[420px]:gap-3 min-[420px]:pl-3",
        )}
      >
        <span
          className={cx(
            "mt-0.5 grid size-10 shrink-0 place-items-center rounded-lg border",
            sigil
              ? "border-gold/50 bg-night-700 text-gold"
              : "border-edge/60 bg-night-900/60 text-ink-faint",
          )}
        >
          <SlotIcon itemSlot={9} className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[0.65rem] font-semibold tracking-wider text-ink-faint uppercase">
            Sigil
          </span>
          {sigil ? (
            <>
              <span className="block text-sm leading-snug font-semibold text-gold">
                {sigil.name} · Lv {sigil.level}
              </span>
              <span className="block truncate text-[0.7rem] text-ink-faint">{sigil.effect}</span>
            </>
          ) : (
            <span className="block text-sm text-ink-faint italic">None · choose one</span>
          )}
        </span>
      </Link>
    </li>
  );
}

function SlotCard({
  slot,
  item,
  onUnequip,
}: {
  slot: Slot;
  item: Item | undefined;
  onUnequip: (slot: Slot) => void;
}) {
  return (
    <li
      data-testid={`slot-${slotName(slot).toLowerCase()}`}
      className={cx(
        "flex items-start rounded-lg border bg-night-950/45 py-2 pr-1.5 transition-colors",
        // On phones a worn item gets the full row; empty slots sit two by two.
        item
          ? "col-span-2 min-h-[4.5rem] gap-3 pl-3 min-[420px]:col-span-1"
          : "gap-2 pl-2 min-[420px]:min-h-[4.5rem] min-[420px]:gap-3 min-[420px]:pl-3",
        item
          ? (RARITY_RING[item.rarity] ?? "border-edge-bright/70")
          : "border-edge/60 border-dashed",
      )}
    >
      <span
        className={cx(
          "mt-0.5 grid size-10 shrink-0 place-items-center rounded-lg border",
          item
            ? cx("border-edge-bright bg-night-700", rarityClass(item.rarity))
            : "border-edge/60 bg-night-900/60 text-ink-faint",
        )}
      >
        <SlotIcon itemSlot={slot} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-[0.65rem] font-semibold tracking-wider text-ink-faint uppercase">
          {slotName(slot)}
        </p>
        {item ? (
          <>
            <ItemLink id={item.id} snapshot={item} className="max-w-full">
              <button
                type="button"
                className={cx(
                  "line-clamp-2 cursor-help text-left text-sm leading-snug font-semibold",
                  rarityClass(item.rarity),
                )}
              >
                {item.name}
              </button>
            </ItemLink>
            <p className="truncate text-[0.7rem] text-ink-faint">
              Lv {item.level} · Q {qualityText(item.quality)}
              {item.infusions > 0 ? <span className="text-gold"> · +{item.infusions}</span> : null}
            </p>
          </>
        ) : (
          <p className="text-sm text-ink-faint italic">Empty</p>
        )}
      </div>
      {item ? (
        <div className="flex shrink-0 flex-col">
          <button
            type="button"
            className="btn btn-ghost size-7 p-0 text-ink-faint hover:text-danger"
            onClick={() => onUnequip(slot)}
            aria-label={`Unequip ${item.name}`}
            title="Unequip"
          >
            <CloseIcon className="size-4" />
          </button>
          {slot !== 9 ? (
            <Link
              to={`/inventory/${item.id}/upgrade`}
              className="btn btn-ghost size-7 p-0 text-ink-faint hover:text-gold"
              aria-label={`Upgrade ${item.name}`}
              title="Upgrade"
            >
              <ArrowUpIcon className="size-4" />
            </Link>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
