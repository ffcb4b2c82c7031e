import { lootById, MarketSide } from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import { useState } from "react";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { formatFull, parseAmount } from "../../lib/numbers";
import { send } from "../../store/gameStore";
import type { BookView } from "../../store/slices/market";

type WireOrder = ServerPayload<"marketOrders">["buy"][number];

/**
 * One item's book: sell orders (cheapest first) beside buy orders (highest first). The
 * player's own order is marked and can be edited (quantity) or cancelled; clicking a price
 * puts it in the order form.
 */
export function OrderBook({
  lootId,
  book,
  playerId,
  held,
  onPickPrice,
}: {
  lootId: number;
  book: BookView | undefined;
  playerId: number;
  held: number;
  onPickPrice: (price: number, side: MarketSide) => void;
}) {
  const name = lootById(lootId)?.name ?? "";
  return (
    <section className="panel px-4 py-4" aria-label={`${name} order book`}>
      <h2 className="panel-title mb-3">Order book</h2>
      {!book ? (
        <div className="space-y-2" aria-busy="true">
          <div className="skeleton h-8 w-full" />
          <div className="skeleton h-8 w-full" />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <BookSide
            title="Sell orders"
            orders={book.sell}
            side={MarketSide.Sell}
            playerId={playerId}
            held={held}
            onPickPrice={onPickPrice}
          />
          <BookSide
            title="Buy orders"
            orders={book.buy}
            side={MarketSide.Buy}
            playerId={playerId}
            held={held}
            onPickPrice={onPickPrice}
          />
        </div>
      )}
    </section>
  );
}

function BookSide({
  title,
  orders,
  side,
  playerId,
  held,
  onPickPrice,
}: {
  title: string;
  orders: WireOrder[];
  side: MarketSide;
  playerId: number;
  held: number;
  onPickPrice: (price: number, side: MarketSide) => void;
}) {
  const tone = side === MarketSide.Sell ? "text-danger" : "text-success";
  return (
    <div>
      <h3 className={cx("mb-1.5 text-xs font-semibold tracking-wider uppercase", tone)}>{title}</h3>
      {orders.length === 0 ? (
        <p className="py-3 text-sm text-ink-faint">No orders found.</p>
      ) : (
        // A gap before each column after the first: "28" and "2.79M" never run together.
        <table className="w-full text-sm tabular-nums [&_td+td]:pl-4 [&_th+th]:pl-4">
          <thead>
            <tr className="text-left text-[0.68rem] tracking-wider text-ink-faint uppercase">
              <th className="py-1 font-semibold">Price</th>
              <th className="py-1 text-right font-semibold">Quantity</th>
              <th className="py-1 text-right font-semibold">Total</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) =>
              o.playerId === playerId && o.id > 0 ? (
                <OwnOrderRow key={`own-${o.id}`} order={o} held={held} />
              ) : (
                <tr key={`${o.unitPrice}-${o.quantity}`} className="border-t border-edge/50">
                  <td className="py-1.5">
                    <button
                      type="button"
                      className={cx("font-semibold hover:underline", tone)}
                      title="Use this price"
                      aria-label={`Use the price ${formatFull(o.unitPrice)}`}
                      onClick={() => onPickPrice(o.unitPrice, side)}
                    >
                      <Num value={o.unitPrice} />
                    </button>
                  </td>
                  <td className="py-1.5 text-right">
                    <Num value={o.quantity} />
                  </td>
                  <td className="py-1.5 text-right text-ink-muted">
                    <Num value={o.quantity * o.unitPrice} />
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * The player's own order in the book or in My orders: display, edit (a sell starts at what is
 * held plus the order's quantity, a buy at the order's quantity; spec 001 section 4), Save,
 * or cancel.
 */
export function OwnOrderRow({
  order,
  held,
  fromMyOrders = false,
  showItem = false,
}: {
  order: WireOrder;
  held: number;
  fromMyOrders?: boolean;
  showItem?: boolean;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const sell = order.orderType === MarketSide.Sell;
  const start = sell ? Math.floor(held) + order.quantity : order.quantity;
  const quantity = editing === null ? order.quantity : parseAmount(editing);
  const valid = Number.isInteger(quantity) && quantity >= 1;
  const item = lootById(order.lootId);
  const save = () => {
    if (!valid) return;
    send("updateOrder", { orderId: order.id, quantity, myOrders: fromMyOrders });
    setEditing(null);
  };
  const actions = (
    <div className="flex justify-end gap-1">
      {editing === null ? (
        <>
          <button
            type="button"
            className="btn px-2 py-1 text-xs"
            onClick={() => setEditing(String(start))}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn px-2 py-1 text-xs text-danger"
            onClick={() => send("cancelOrder", { orderId: order.id, myOrders: fromMyOrders })}
          >
            Cancel
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="btn-primary px-2 py-1 text-xs"
            disabled={!valid}
            onClick={save}
          >
            Save
          </button>
          <button type="button" className="btn px-2 py-1 text-xs" onClick={() => setEditing(null)}>
            Back
          </button>
        </>
      )}
    </div>
  );
  const row = (
    <tr className="border-t border-edge/50 bg-gold/[0.06]" data-testid="own-order">
      {showItem ? (
        <td className="py-1.5 pr-2">
          <span className="font-semibold text-ink">{item?.name}</span>{" "}
          <span className={cx("text-xs", sell ? "text-danger" : "text-success")}>
            {sell ? "Sell" : "Buy"}
          </span>
        </td>
      ) : null}
      <td className="py-1.5">
        <span className="font-semibold text-gold">
          <Num value={order.unitPrice} />
        </span>{" "}
        <span className="text-[0.65rem] font-semibold text-gold/80 uppercase">yours</span>
      </td>
      <td className="py-1.5 text-right">
        {editing === null ? (
          <Num value={order.quantity} />
        ) : (
          <input
            className="field ml-auto w-24 py-1 text-right"
            inputMode="numeric"
            aria-label="New quantity"
            value={editing}
            aria-invalid={!valid}
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") save();
              if (event.key === "Escape") setEditing(null);
            }}
          />
        )}
      </td>
      <td className="py-1.5 text-right">
        {showItem ? (
          actions
        ) : (
          <span className="text-ink-muted">
            <Num value={order.quantity * order.unitPrice} />
          </span>
        )}
      </td>
    </tr>
  );
  if (showItem) return row;
  // In the book the columns are narrow: Edit and Cancel go on a line of their own.
  return (
    <>
      {row}
      <tr className="bg-gold/[0.06]" data-testid="own-order-actions">
        <td colSpan={3} className="pb-1.5">
          {actions}
        </td>
      </tr>
    </>
  );
}
