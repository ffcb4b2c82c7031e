import type { ReactNode } from "react";
import { FishingIcon, MiningIcon, WoodcuttingIcon } from "../../../components/icons/skillIcons";
import { Num } from "../../../components/Num";
import { formatFull, formatPercent } from "../../../lib/numbers";
import type { ResourceKey, ResourceStock } from "../../shellModel";
import { experienceRatio } from "./SkillList";
import { StatRow } from "./StatRow";

const RESOURCES: { key: ResourceKey; label: string; icon: ReactNode }[] = [
  { key: "fish", label: "Fish", icon: <FishingIcon className="size-4" /> },
  { key: "wood", label: "Wood", icon: <WoodcuttingIcon className="size-4" /> },
  { key: "iron", label: "Iron", icon: <MiningIcon className="size-4" /> },
];

/** Fish, Wood and Iron held, each with a level and experience tooltip (outside battle). */
export function ResourceList({ resources }: { resources: Record<ResourceKey, ResourceStock> }) {
  return (
    <div className="space-y-0.5">
      {RESOURCES.map(({ key, label, icon }) => {
        const stock = resources[key];
        return (
          <StatRow
            key={key}
            label={label}
            icon={icon}
            value={<Num value={stock.amount} />}
            testId={`resource-${key}`}
            tooltip={
              <div>
                <p className="font-semibold text-ink">
                  {label} level {stock.level}
                </p>
                <p className="text-ink-muted tabular-nums">
                  {formatFull(stock.experience)} / {formatFull(stock.experienceToLevel)} (
                  {formatPercent(experienceRatio(stock))})
                </p>
              </div>
            }
          />
        );
      })}
    </div>
  );
}
