import { lootById, ResearchTab, type Wallet } from "@manaspire/game";
import { type ReactNode, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { send } from "../../store/gameStore";
import { AmountField } from "../items/AmountField";
import { capText, purchaseForm, type ResearchRow } from "./researchModel";

/**
 * Buying research levels (spec 001 section 5): amount at least 1 and at most what is affordable
 * within the cap; Max fills that in; Confirm is disabled at 0 or above it.
 */
export function PurchaseDialog({
  row,
  wallet,
  onClose,
}: {
  row: ResearchRow;
  wallet: Wallet;
  onClose: () => void;
}) {
  const [text, setText] = useState("1");
  const form = purchaseForm(
    row.def,
    row.level,
    text,
    wallet,
    Date.now(),
    row.buildingCost,
    row.dungeonUnlockCap,
  );
  const currency = lootById(row.def.currency);

  const confirm = () => {
    if (!form.canConfirm) return;
    if (send("purchaseBoost", { boost: row.def.boostId, amount: form.amount })) onClose();
  };

  return (
    <Dialog
      open
      title={row.def.tab === ResearchTab.Dungeon ? "Confirm upgrade" : `Research ${row.name}`}
      confirmLabel="Confirm"
      confirmDisabled={!form.canConfirm}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <div className="space-y-4" data-testid="purchase-dialog">
        <p>{row.description}</p>
        <dl className="grid grid-cols-3 gap-2 text-center">
          <Stat label="Level" value={<Num value={row.level} />} />
          <Stat label="Cap" value={capText(row.cap)} />
          <Stat label="Can buy" value={<Num value={form.max} />} />
        </dl>
        <AmountField
          label="Levels to buy"
          value={text}
          onChange={setText}
          max={form.max}
          autoFocus
          onEnter={confirm}
          invalid={!form.canConfirm}
          hint={
            form.amount > 0 ? (
              <>
                Level <Num value={row.level} /> → <Num value={form.levelAfter} /> for{" "}
                <Num value={form.cost} className="font-semibold text-ink" />{" "}
                <span className={cx("font-semibold", rarityClass(currency?.rarity ?? 0))}>
                  {row.currencyName}
                </span>
                {form.error ? <span className="block text-danger">{form.error}</span> : null}
              </>
            ) : (
              (form.error ?? "Enter how many levels to buy.")
            )
          }
        />
        <p className="text-xs text-ink-faint">
          You have <Num value={row.budget} className="font-semibold text-ink-muted" />{" "}
          {row.currencyName}
          {row.def.payWith.length > 1 ? " (bound codex is spent first)" : ""}. Amounts accept
          suffixes such as 1k or 2.5M.
        </p>
      </div>
    </Dialog>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-edge/60 bg-night-950/50 px-2 py-1.5">
      <dt className="text-[0.62rem] font-semibold tracking-wider text-ink-faint uppercase">
        {label}
      </dt>
      <dd className="font-bold text-ink tabular-nums">{value}</dd>
    </div>
  );
}
