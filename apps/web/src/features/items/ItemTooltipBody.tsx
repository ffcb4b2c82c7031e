import type { Item } from "@manaspire/protocol";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { cx } from "../../lib/cx";
import { useGameStore } from "../../store/gameStore";
import { ensureItemLoaded } from "./itemActions";
import { equippedInSlot } from "./itemModel";

/** The item card (its own chunk: loaded with the first item tooltip). */
const ItemCard = lazy(async () => ({ default: (await import("./ItemCard")).ItemCard }));
const EquippedComparison = lazy(async () => ({
  default: (await import("./ItemCard")).EquippedComparison,
}));

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
    <Suspense fallback={<p className="w-60 py-1 text-sm text-ink-muted">Loading item…</p>}>
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
    </Suspense>
  );
}
