import type { Item } from "@manaspire/protocol";
import type { ReactNode } from "react";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { ItemLink } from "../items/ItemTooltip";
import { SlotIcon } from "../items/itemIcons";
import { qualityText, rarityLabel, slotName } from "../items/itemModel";

/**
 * An item as a list row shows it (inventory, guild armory, equipment market): its slot icon
 * in a rarity-coloured tile, its name with the tooltip, and a line of rarity, slot, level,
 * quality and infusions. `note` ends that line (borrowed, the seller); `children` are further
 * lines below it (the armory status, why it cannot be equipped). `iconFromWide` hides the
 * tile on screens narrower than 420 px (the inventory, whose row has more controls).
 */
export function ItemSummary({
  item,
  iconFromWide = false,
  note,
  children,
}: {
  item: Item;
  iconFromWide?: boolean;
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <span
        className={cx(
          iconFromWide ? "hidden" : "grid",
          "size-9 shrink-0 place-items-center rounded-lg border border-edge-bright/70 bg-night-800",
          iconFromWide && "min-[420px]:grid",
          rarityClass(item.rarity),
        )}
      >
        <SlotIcon itemSlot={item.slot} className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <ItemLink id={item.id} snapshot={item} className="max-w-full text-sm" />
        <p className="truncate text-[0.7rem] text-ink-faint">
          <span className={rarityClass(item.rarity)}>{rarityLabel(item.rarity)}</span>{" "}
          {slotName(item.slot)} · Lv <span className="tabular-nums">{item.level}</span> · Q{" "}
          {qualityText(item.quality)}
          {item.infusions > 0 ? (
            <span className="text-gold"> · +{item.infusions} infused</span>
          ) : null}
          {note}
        </p>
        {children}
      </div>
    </>
  );
}
