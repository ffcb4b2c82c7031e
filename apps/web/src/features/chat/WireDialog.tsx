import { LOOT, type LootDef } from "@manaspire/game";
import { useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { parseWholeAmount } from "../../lib/numbers";
import { rarityClass } from "../../lib/rarity";
import { send, useGameStore } from "../../store/gameStore";
import type { WireTarget } from "../../store/slices/chat";
import { closeWireDialog } from "./chatActions";

/** Tradeable loot the player holds, in catalogue order. */
export function wireableLoot(
  loot: Readonly<Record<number, number>>,
): { def: LootDef; held: number }[] {
  return LOOT.filter((def) => def.tradeable && (loot[def.id] ?? 0) >= 1).map((def) => ({
    def,
    held: Math.floor(loot[def.id] ?? 0),
  }));
}

/** The transfer dialog `/wire name` opens (server message wireTarget): sends transferLoot. */
export function WireDialog({ target }: { target: WireTarget }) {
  const loot = useGameStore((s) => s.player?.loot);
  const options = wireableLoot(loot ?? {});
  const [lootId, setLootId] = useState<number>(options[0]?.def.id ?? 0);
  const [amountText, setAmountText] = useState("");
  const currencyId = useId();
  const amountId = useId();
  const chosen = options.find((o) => o.def.id === lootId);
  const quantity = parseWholeAmount(amountText);
  const valid = chosen !== undefined && quantity >= 1 && quantity <= chosen.held;

  return (
    <Dialog
      open
      title={`Wire to ${target.name}`}
      confirmDisabled={!valid}
      onCancel={closeWireDialog}
      onConfirm={() => {
        if (!valid) return;
        if (send("transferLoot", { lootId, quantity, to: target.name })) closeWireDialog();
      }}
    >
      {options.length === 0 ? (
        <p>You have no tradeable currencies or materials to send.</p>
      ) : (
        <div className="space-y-3" data-testid="wire-dialog">
          <div className="space-y-1">
            <label htmlFor={currencyId} className="text-xs font-semibold text-ink-muted">
              Currency
            </label>
            <select
              id={currencyId}
              value={lootId}
              onChange={(event) => setLootId(Number(event.target.value))}
              className={cx("field cursor-pointer", chosen && rarityClass(chosen.def.rarity))}
            >
              {options.map(({ def }) => (
                <option key={def.id} value={def.id} className="bg-night-900 text-ink">
                  {def.name}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label
              htmlFor={amountId}
              className="flex justify-between text-xs font-semibold text-ink-muted"
            >
              <span>Amount</span>
              {chosen ? (
                <span className="font-normal">
                  You have <Num value={chosen.held} />
                </span>
              ) : null}
            </label>
            <div className="flex gap-2">
              <input
                id={amountId}
                inputMode="decimal"
                autoComplete="off"
                value={amountText}
                placeholder="e.g. 1.5K"
                aria-invalid={amountText !== "" && !valid}
                onChange={(event) => setAmountText(event.target.value)}
                className="field"
              />
              <button
                type="button"
                className="btn shrink-0"
                onClick={() => chosen && setAmountText(String(chosen.held))}
              >
                Max
              </button>
            </div>
          </div>
        </div>
      )}
    </Dialog>
  );
}
