import type { Item } from "@manaspire/protocol";
import { useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { send } from "../../store/gameStore";
import { AmountField } from "../items/AmountField";
import { ItemName } from "../items/ItemCard";
import { checkTransfer, NAME_MAX, type OtherItem } from "./inventoryModel";

export type TransferTarget = { kind: "item"; item: Item } | { kind: "loot"; loot: OtherItem };

/** Sends an item or an amount of a currency to another player (needs a name and a quantity). */
export function TransferDialog({
  target,
  onClose,
}: {
  target: TransferTarget;
  onClose: () => void;
}) {
  const [recipient, setRecipient] = useState("");
  const [quantity, setQuantity] = useState("");
  const [touched, setTouched] = useState(false);
  const nameId = useId();
  const held = target.kind === "loot" ? target.loot.amount : undefined;
  const check = checkTransfer(recipient, quantity, held);

  const submit = () => {
    setTouched(true);
    if (!check.ok) return;
    const to = recipient.trim();
    const sent =
      target.kind === "item"
        ? send("transferItem", { id: target.item.id, to, borrow: false })
        : send("transferLoot", { lootId: target.loot.id, quantity: check.quantity, to });
    if (sent) onClose();
  };

  return (
    <Dialog
      open
      title="Transfer"
      confirmLabel="Send"
      confirmDisabled={!check.ok}
      onConfirm={submit}
      onCancel={onClose}
    >
      <div className="space-y-4">
        <p>
          Send{" "}
          {target.kind === "item" ? (
            <ItemName item={target.item} />
          ) : (
            <span className={cx("font-semibold", rarityClass(target.loot.rarity))}>
              {target.loot.name}
            </span>
          )}{" "}
          to another mage. Transfers cannot be undone; guests and banned players cannot receive
          them.
        </p>
        <div>
          <label htmlFor={nameId} className="mb-1.5 block text-xs font-semibold text-ink-muted">
            Recipient
          </label>
          <input
            id={nameId}
            className="field"
            autoComplete="off"
            maxLength={NAME_MAX}
            placeholder="Player name"
            value={recipient}
            aria-invalid={touched && !check.ok && recipient.trim().length < 3}
            onChange={(event) => setRecipient(event.target.value)}
            onBlur={() => setTouched(true)}
            onKeyDown={(event) => {
              if (event.key === "Enter") submit();
            }}
          />
        </div>
        {held !== undefined ? (
          <AmountField
            label="Quantity"
            value={quantity}
            onChange={setQuantity}
            max={held}
            placeholder="e.g. 1.5k"
            onEnter={submit}
            invalid={touched && check.error !== null && recipient.trim() !== ""}
            hint={
              <>
                You have <Num value={held} className="font-semibold text-ink" />
                {check.quantity > 0 ? (
                  <>
                    {" "}
                    · sending <Num value={check.quantity} className="font-semibold text-gold" />
                  </>
                ) : null}
              </>
            }
          />
        ) : null}
        {touched && check.error ? <p className="text-xs text-danger">{check.error}</p> : null}
      </div>
    </Dialog>
  );
}
