import type { Item } from "@manaspire/protocol";
import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { formatFull } from "../../lib/numbers";
import { send } from "../../store/gameStore";
import { AmountField } from "../items/AmountField";
import { ItemName } from "../items/ItemCard";
import { checkListingPrice } from "../market/equipmentSearchModel";

/**
 * Lists an item on the equipment market (spec 001 section 5: a sale needs a price). The item
 * leaves the inventory until it sells or is withdrawn from My orders.
 */
export function SellItemDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const [price, setPrice] = useState("");
  const [touched, setTouched] = useState(false);
  const check = checkListingPrice(price);
  const submit = () => {
    setTouched(true);
    if (check.error) return;
    if (send("createItemOrder", { itemId: item.id, price: check.price })) onClose();
  };
  return (
    <Dialog
      open
      title="Sell item"
      confirmLabel="List for sale"
      confirmDisabled={check.error !== null}
      onConfirm={submit}
      onCancel={onClose}
    >
      <div className="space-y-4">
        <p>
          List <ItemName item={item} /> on the equipment market. It leaves your inventory until
          someone buys it or you withdraw it from My orders.
        </p>
        <AmountField
          label="Price (Mana Dust)"
          value={price}
          onChange={(text) => {
            setPrice(text);
            setTouched(true);
          }}
          autoFocus
          placeholder="e.g. 25k"
          invalid={touched && check.error !== null}
          hint={
            touched && check.error
              ? check.error
              : check.error
                ? "Thousands separators and K, M, B… work."
                : `${formatFull(check.price)} Mana Dust`
          }
          onEnter={submit}
        />
      </div>
    </Dialog>
  );
}
