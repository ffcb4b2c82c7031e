import { QOL_COST, QOL_DAYS } from "@manaspire/game";
import { Dialog } from "../../components/Dialog";
import { send } from "../../store/gameStore";

/** The confirmation of a Quality of Life purchase or extension (spec 000 section 5). */
export function QoLPurchaseDialog({
  open,
  extending,
  onClose,
}: {
  open: boolean;
  extending: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={extending ? "Extend Quality of Life" : "Purchase Quality of Life"}
      confirmLabel={extending ? "Extend" : "Purchase"}
      onCancel={onClose}
      onConfirm={() => {
        send("purchaseQoL", {});
        onClose();
      }}
    >
      <p className="text-sm">
        {extending
          ? `Add ${QOL_DAYS} days to your Quality of Life for ${QOL_COST} Crystallized Mana?`
          : `Get ${QOL_DAYS} days of Quality of Life for ${QOL_COST} Crystallized Mana?`}
      </p>
    </Dialog>
  );
}
