import { LootId, lootById } from "@manaspire/game";
import { useState } from "react";

/** Currencies a rank's tax can take (battle and gathering loot). */
export const TAX_LOOT = [
  LootId.ManaDust,
  LootId.ElementalShards,
  LootId.Iron,
  LootId.Fish,
  LootId.Wood,
];

/** A rank's taxes as a small form (Edit Taxes): percent per currency, 0-100. */
export function TaxForm({
  tax,
  onSave,
}: {
  tax: Readonly<Record<number, number>>;
  onSave: (rates: Record<number, number>) => void;
}) {
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(TAX_LOOT.map((id) => [id, tax[id] ? String(tax[id]) : ""])),
  );
  const parsed = TAX_LOOT.map((id) => [id, Number(values[id] || 0)] as const);
  const valid = parsed.every(([, v]) => Number.isFinite(v) && v >= 0 && v <= 100);
  const save = () => onSave(Object.fromEntries(parsed.filter(([, v]) => v > 0)));
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save();
      }}
    >
      {TAX_LOOT.map((id) => (
        <label key={id} className="text-xs text-ink-muted">
          {lootById(id)?.name} %
          <input
            className="field mt-1 h-8 w-20 py-0 text-xs"
            inputMode="decimal"
            value={values[id] ?? ""}
            onChange={(e) => setValues({ ...values, [id]: e.target.value.replace(/[^0-9.]/g, "") })}
          />
        </label>
      ))}
      <button type="submit" className="btn h-8 px-3 py-0 text-xs" disabled={!valid}>
        Save taxes
      </button>
    </form>
  );
}
