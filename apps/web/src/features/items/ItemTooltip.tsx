import type { Item } from "@manaspire/protocol";
import { lazy, type MouseEvent, type ReactNode, Suspense } from "react";
import { Tooltip } from "../../components/Tooltip";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { handleItemLinkClick } from "../chat/insertItemLink";

/** The tooltip's content (its own chunk: loaded when an item tooltip first opens). */
const ItemTooltipBody = lazy(async () => ({
  default: (await import("./ItemTooltipBody")).ItemTooltipBody,
}));

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
      content={
        <Suspense fallback={<p className="w-60 py-1 text-sm text-ink-muted">Loading item…</p>}>
          <ItemTooltipBody id={id} snapshot={snapshot} />
        </Suspense>
      }
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
