import { ELEMENT_NAMES, isMagicElement } from "@manaspire/game";
import { Num } from "../../../components/Num";
import type { BattleStats } from "../../shellModel";
import { StatRow } from "./StatRow";

/** Battle-mode stats with what each one does (spec 000 "Left status panel"). */
export function BattleStatsList({ stats }: { stats: BattleStats }) {
  const magic = isMagicElement(stats.magicType) ? ELEMENT_NAMES[stats.magicType] : null;
  const mastery = magic ? `${magic} Mastery` : "Mastery";
  const rows: { label: string; value: number; hint: string; strong?: boolean }[] = [
    { label: "Intellect", value: stats.intellect, hint: "Increases spell damage." },
    { label: "Stamina", value: stats.stamina, hint: "Increases health." },
    { label: "Spirit", value: stats.spirit, hint: "Increases mana regeneration." },
    { label: "Focus", value: stats.focus, hint: "Decreases enemy ward strength." },
    { label: "Mana", value: stats.mana, hint: "Increases your mana pool." },
    {
      label: mastery,
      value: stats.mastery,
      hint: magic
        ? `Increases the damage of your ${magic.toLowerCase()} spells.`
        : "Increases the damage of your spells.",
    },
    {
      label: "Total Spellpower",
      value: stats.totalSpellpower,
      hint: "Your overall spell strength.",
      strong: true,
    },
    { label: "Total Ward", value: stats.totalWard, hint: "Your overall protection.", strong: true },
  ];
  return (
    <div className="space-y-0.5">
      {rows.map((row) => (
        <StatRow
          key={row.label}
          label={row.label}
          value={<Num value={row.value} />}
          tooltip={row.hint}
          valueClassName={row.strong ? "text-gold" : undefined}
        />
      ))}
    </div>
  );
}
