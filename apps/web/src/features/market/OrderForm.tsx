import { LootId, lootById, MarketSide } from "@manaspire/game";
import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { formatFull, parseAmount } from "../../lib/numbers";
import { send } from "../../store/gameStore";
import { AmountField } from "../items/AmountField";
import { checkOrder, nudgePrice, QUANTITY_SHORTCUTS, shortcutQuantity } from "./marketModel";

export interface OrderFormState {
  side: MarketSide;
  quantity: string;
  price: string;
}

/**
 * Buy or sell an item: quantity (with 25/50/75/99% shortcuts), unit price in Mana Dust (with
 * -1% and +1%), and the spec's confirmation for an order at any price.
 */
export function OrderForm({
  lootId,
  loot,
  form,
  onChange,
  bestPrice,
}: {
  lootId: number;
  loot: Readonly<Record<number, number>>;
  form: OrderFormState;
  onChange: (form: OrderFormState) => void;
  /** The best price on each side of the book (the +/-1% buttons start there). */
  bestPrice: { buy: number | undefined; sell: number | undefined };
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const item = lootById(lootId);
  const itemName = item?.name ?? "";
  const held = loot[lootId] ?? 0;
  const dust = loot[LootId.ManaDust] ?? 0;
  const { side } = form;
  const check = checkOrder({
    side,
    itemName,
    quantityText: form.quantity,
    priceText: form.price,
    held,
    dust,
  });
  const price = parseAmount(form.price);
  const quantity = parseAmount(form.quantity);
  const place = () => {
    const sent = send("createOrder", {
      side,
      lootId,
      quantity: check.quantityGiven ? check.quantity : 0,
      unitPrice: check.unitPrice,
      quantityGiven: check.quantityGiven,
    });
    if (sent) {
      onChange({ ...form, quantity: "" });
      setTouched(false);
    }
  };
  const submit = () => {
    setTouched(true);
    if (!check.ok) return;
    if (check.confirm) setConfirming(check.confirm);
    else place();
  };
  const nudge = (direction: -1 | 1) => {
    const base =
      price > 0
        ? price
        : ((side === MarketSide.Buy ? bestPrice.sell : bestPrice.buy) ??
          (side === MarketSide.Buy ? bestPrice.buy : bestPrice.sell) ??
          0);
    onChange({ ...form, price: String(nudgePrice(base, direction)) });
  };
  const sideLabel = side === MarketSide.Buy ? "Buy" : "Sell";

  return (
    <section className="panel px-4 py-4" aria-label={`Buy or sell ${itemName}`}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="panel-title">Place an order</h2>
        <fieldset className="flex rounded-lg border border-edge p-0.5">
          <legend className="sr-only">Side</legend>
          {([MarketSide.Buy, MarketSide.Sell] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={side === s}
              onClick={() => onChange({ ...form, side: s })}
              className={cx(
                "rounded-md px-4 py-1.5 text-sm font-semibold",
                side === s
                  ? s === MarketSide.Buy
                    ? "bg-success/15 text-success"
                    : "bg-danger/15 text-danger"
                  : "text-ink-muted hover:text-ink",
              )}
            >
              {s === MarketSide.Buy ? "Buy" : "Sell"}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="space-y-3">
        <div>
          <AmountField
            label={`Quantity${side === MarketSide.Sell && form.quantity.trim() === "" ? " (blank: all you hold)" : ""}`}
            value={form.quantity}
            onChange={(quantity) => onChange({ ...form, quantity })}
            placeholder={side === MarketSide.Sell ? "All" : "e.g. 500"}
            onEnter={submit}
            hint={
              <>
                You hold <Num value={held} className="font-semibold text-ink" /> {itemName} and{" "}
                <Num value={dust} className="font-semibold text-ink" /> Mana Dust
              </>
            }
          />
          <div className="mt-1.5 flex gap-1">
            {QUANTITY_SHORTCUTS.map((percent) => (
              <button
                key={percent}
                type="button"
                className="btn flex-1 px-2 py-1 text-xs"
                onClick={() =>
                  onChange({
                    ...form,
                    quantity: String(shortcutQuantity(percent, side, held, dust, price)),
                  })
                }
              >
                {percent}%
              </button>
            ))}
          </div>
        </div>
        <div>
          <AmountField
            label="Price each (Mana Dust; blank: at any price)"
            value={form.price}
            onChange={(text) => onChange({ ...form, price: text })}
            placeholder="Any price"
            onEnter={submit}
          />
          <div className="mt-1.5 flex gap-1">
            <button
              type="button"
              className="btn flex-1 px-2 py-1 text-xs"
              onClick={() => nudge(-1)}
            >
              -1%
            </button>
            <button type="button" className="btn flex-1 px-2 py-1 text-xs" onClick={() => nudge(1)}>
              +1%
            </button>
          </div>
        </div>
        {quantity > 0 && price > 0 ? (
          <p className="text-xs text-ink-muted">
            {side === MarketSide.Buy ? "Costs at most" : "Earns at least"}{" "}
            <span className="font-semibold text-gold">{formatFull(quantity * price)}</span> Mana
            Dust
          </p>
        ) : null}
        {touched && check.error ? (
          <p className="text-xs text-danger" role="alert">
            {check.error}
          </p>
        ) : null}
        <button
          type="button"
          className={cx("btn-primary w-full", side === MarketSide.Sell && "brightness-95")}
          onClick={submit}
        >
          {sideLabel} {itemName}
        </button>
      </div>
      <Dialog
        open={confirming !== null}
        title={`${sideLabel} at any price`}
        confirmLabel={sideLabel}
        onConfirm={() => {
          setConfirming(null);
          place();
        }}
        onCancel={() => setConfirming(null)}
      >
        <p>{confirming}</p>
      </Dialog>
    </section>
  );
}
