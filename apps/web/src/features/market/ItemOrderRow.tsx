import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Num } from "../../components/Num";
import { formatFull } from "../../lib/numbers";
import { rarityClass } from "../../lib/rarity";
import { send } from "../../store/gameStore";
import type { WireItemOrder } from "../../store/slices/market";
import { ItemSummary } from "../inventory/ItemSummary";
import { cannotAfford, checkListingPrice } from "./equipmentSearchModel";

/**
 * One equipment listing (spec 001 section 4, "Equipment order row"): the item with its
 * tooltip, the seller and the price. Others' listings have Buy (at the price shown: a price
 * changed meanwhile is refused); one's own has view, edit price, save, or cancel.
 */
export function ItemOrderRow({
  order,
  own,
  dust,
}: {
  order: WireItemOrder;
  own: boolean;
  dust: number;
}) {
  const { item } = order;
  const [editing, setEditing] = useState<string | null>(null);
  const [buying, setBuying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const edit = editing === null ? null : checkListingPrice(editing);
  const short = cannotAfford(order.unitPrice, dust);

  const save = () => {
    if (!edit || edit.error) return;
    if (edit.price !== order.unitPrice) {
      send("updateItemOrder", { orderId: order.id, unitPrice: edit.price });
    }
    setEditing(null);
  };

  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 sm:px-5"
      data-testid="item-order"
      data-order-id={order.id}
      data-item-id={item.id}
    >
      <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
        <ItemSummary
          item={item}
          note={
            <>
              {" "}
              ·{" "}
              {own ? (
                <span className="font-semibold text-gold">your listing</span>
              ) : (
                order.playerName
              )}
            </>
          }
        />
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-2">
        {editing === null ? (
          <span className="text-sm font-semibold text-gold tabular-nums" data-testid="item-price">
            <Num value={order.unitPrice} />{" "}
            <span className="text-[0.65rem] text-ink-faint uppercase">dust</span>
          </span>
        ) : (
          <input
            className="field w-28 py-1 text-right tabular-nums"
            inputMode="decimal"
            aria-label="New price"
            // biome-ignore lint/a11y/noAutofocus: Edit opened the field to type in it
            autoFocus
            value={editing}
            aria-invalid={edit?.error !== null}
            title={edit?.error ?? undefined}
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") save();
              if (event.key === "Escape") setEditing(null);
            }}
          />
        )}
        {!own ? (
          <button
            type="button"
            className="btn btn-primary h-9 px-3 py-0 text-xs"
            disabled={short !== null}
            title={short ?? `Buy for ${formatFull(order.unitPrice)} Mana Dust`}
            onClick={() => setBuying(true)}
          >
            Buy
          </button>
        ) : editing === null ? (
          <>
            <button
              type="button"
              className="btn h-9 px-3 py-0 text-xs"
              onClick={() => setEditing(String(order.unitPrice))}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn h-9 px-3 py-0 text-xs text-danger"
              onClick={() => setCancelling(true)}
            >
              Cancel
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="btn-primary h-9 px-3 py-0 text-xs"
              disabled={edit?.error !== null}
              onClick={save}
            >
              Save
            </button>
            <button
              type="button"
              className="btn h-9 px-3 py-0 text-xs"
              onClick={() => setEditing(null)}
            >
              Back
            </button>
          </>
        )}
      </div>
      <Dialog
        open={buying}
        title="Buy item"
        confirmLabel="Buy"
        onCancel={() => setBuying(false)}
        onConfirm={() => {
          send("buyItemOrder", { orderId: order.id, price: order.unitPrice });
          setBuying(false);
        }}
      >
        Buy <span className={`font-semibold ${rarityClass(item.rarity)}`}>{item.name}</span> from{" "}
        {order.playerName} for{" "}
        <span className="font-semibold text-gold">{formatFull(order.unitPrice)}</span> Mana Dust?
      </Dialog>
      <Dialog
        open={cancelling}
        title="Withdraw listing"
        confirmLabel="Withdraw"
        danger
        onCancel={() => setCancelling(false)}
        onConfirm={() => {
          send("cancelItemOrder", { orderId: order.id });
          setCancelling(false);
        }}
      >
        Take <span className={`font-semibold ${rarityClass(item.rarity)}`}>{item.name}</span> off
        the market and back into your inventory?
      </Dialog>
    </li>
  );
}
