import type { Item } from "@manaspire/protocol";
import { type MouseEvent, type ReactNode, useEffect } from "react";
import { Tooltip } from "../../components/Tooltip";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { useGameStore } from "../../store/gameStore";
import { handleItemLinkClick } from "../chat/insertItemLink";
import { EquippedComparison, ItemCard } from "./ItemCard";
import { ensureItemLoaded } from "./itemActions";
import { equippedInSlot } from "./itemModel";

/** What the tooltip knows about an item id: the player's own copy, a looked-up one, or not yet. */
export type ItemLookup =
  | { state: "found"; item: Item; own: boolean }
  | { state: "loading" }
  | { state: "missing" };

/** The freshest known version of an item: the inventory first, then the lookup cache. */
export function useItemLookup(id: number): ItemLookup {
  const own = useGameStore((s) => s.inventory.items[id]);
  const looked = useGameStore((s) => s.inventory.lookups[id]);
  if (own) return { state: "found", item: own, own: true };
  if (looked) return { state: "found", item: looked, own: false };
  if (looked === null) return { state: "missing" };
  return { state: "loading" };
}

/**
 * The body of an item tooltip. It mounts when the tooltip opens, so an item that is not the
 * player's is asked for (getItem) on the first opening only; later openings use the cache.
 */
export function ItemTooltipBody({ id, snapshot }: { id: number; snapshot?: Item | undefined }) {
  const lookup = useItemLookup(id);
  const items = useGameStore((s) => s.inventory.items);
  const needsLoad = lookup.state === "loading";

  useEffect(() => {
    if (needsLoad) ensureItemLoaded(id);
  }, [needsLoad, id]);

  if (lookup.state === "loading") {
    if (snapshot) return <TooltipLayout item={snapshot} items={items} />;
    return (
      <div className="w-60 space-y-2 py-1" aria-busy="true">
        <span className="sr-only">Loading item…</span>
        <div className="skeleton h-4 w-40" />
        <div className="skeleton h-3 w-28" />
        <div className="skeleton h-3 w-52" />
        <div className="skeleton h-3 w-48" />
      </div>
    );
  }
  if (lookup.state === "missing") {
    if (snapshot) {
      return (
        <TooltipLayout
          item={snapshot}
          items={items}
          banner={
            <p className="mb-1.5 rounded border border-danger/40 bg-danger/10 px-2 py-0.5 text-[0.68rem] font-semibold tracking-wide text-danger uppercase">
              Disenchanted
            </p>
          }
        />
      );
    }
    return <p className="py-1 font-semibold text-ink-muted">Item not found</p>;
  }
  return <TooltipLayout item={lookup.item} items={items} />;
}

function TooltipLayout({
  item,
  items,
  banner,
}: {
  item: Item;
  items: Readonly<Record<number, Item>>;
  banner?: ReactNode;
}) {
  const equipped = item.isEquipped ? undefined : equippedInSlot(items, item.slot, item.id);
  return (
    <div
      className={cx(
        "grid gap-3",
        equipped ? "w-[min(88vw,17rem)] sm:w-[34rem] sm:grid-cols-2" : "w-[min(88vw,17rem)]",
      )}
    >
      <ItemCard item={item} banner={banner} />
      {equipped ? (
        <div className="border-t border-edge/70 pt-2 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-3">
          <EquippedComparison item={item} equipped={equipped} />
        </div>
      ) : null}
    </div>
  );
}

export interface ItemLinkProps {
  /** The item id; the tooltip shows the freshest copy of it. */
  id: number;
  /** A copy carried by the message that showed it (loot tracker, battle loot). */
  snapshot?: Item | undefined;
  /** Trigger content; defaults to the name in its rarity colour. */
  children?: ReactNode;
  className?: string;
  block?: boolean;
}

/**
 * An item's name (or any trigger) with the item tooltip: details and the Equipped comparison.
 * With a snapshot, Ctrl+click (Cmd+click) puts the item's link into the chat input instead of
 * the trigger's own click.
 */
export function ItemLink({ id, snapshot, children, className, block }: ItemLinkProps) {
  const linkOnGesture = (event: MouseEvent<HTMLSpanElement>) => {
    if (!snapshot) return;
    const item = { id, name: snapshot.name, rarity: snapshot.rarity };
    if (handleItemLinkClick(event, item)) event.stopPropagation();
  };
  return (
    <Tooltip
      content={<ItemTooltipBody id={id} snapshot={snapshot} />}
      className={cx("min-w-0", className)}
      panelClassName="max-w-[min(94vw,36rem)]! px-3.5 py-3"
      block={block}
    >
      <span className="contents" onClickCapture={linkOnGesture}>
        {children ?? (
          <button
            type="button"
            className={cx(
              "min-w-0 cursor-help truncate text-left font-semibold underline decoration-dotted decoration-1 underline-offset-2",
              rarityClass(snapshot?.rarity ?? 0),
            )}
          >
            {snapshot?.name ?? `Item #${id}`}
          </button>
        )}
      </span>
    </Tooltip>
  );
}
