import { type ComponentType, useState } from "react";
import type { IconProps } from "../../../components/icons/Icon";
import {
  BattleIcon,
  FishingIcon,
  MiningIcon,
  WoodcuttingIcon,
} from "../../../components/icons/skillIcons";
import { ProgressBar } from "../../../components/ProgressBar";
import { formatNumber, formatPercent } from "../../../lib/numbers";
import type { SkillKey, SkillProgress } from "../../shellModel";

const SKILLS: { key: SkillKey; label: string; Icon: ComponentType<IconProps> }[] = [
  { key: "battle", label: "Battle", Icon: BattleIcon },
  { key: "mining", label: "Mining", Icon: MiningIcon },
  { key: "fishing", label: "Fishing", Icon: FishingIcon },
  { key: "woodcutting", label: "Woodcutting", Icon: WoodcuttingIcon },
];

export function experienceRatio(skill: SkillProgress): number {
  return skill.experienceToLevel > 0 ? skill.experience / skill.experienceToLevel : 0;
}

/** Level and experience of the four skills; a click toggles numbers and percentage. */
export function SkillList({ skills }: { skills: Record<SkillKey, SkillProgress> }) {
  const [asPercent, setAsPercent] = useState(false);

  return (
    <ul className="space-y-1">
      {SKILLS.map(({ key, label, Icon }) => {
        const skill = skills[key];
        const ratio = experienceRatio(skill);
        return (
          <li key={key}>
            <button
              type="button"
              onClick={() => setAsPercent((value) => !value)}
              title={asPercent ? "Show experience numbers" : "Show experience percentage"}
              className="w-full rounded-md px-2 py-1.5 text-left transition-colors hover:bg-white/5"
            >
              <span className="flex items-center justify-between gap-2 text-sm">
                <span className="flex items-center gap-2 text-ink-muted">
                  <Icon className="size-4 text-ink-faint" />
                  {label}
                </span>
                <span className="font-semibold text-ink">Lv {skill.level}</span>
              </span>
              <ProgressBar ratio={ratio} className="mt-1.5" />
              <span className="mt-1 block text-right text-[0.7rem] text-ink-faint tabular-nums">
                {asPercent
                  ? formatPercent(ratio)
                  : `${formatNumber(skill.experience)} / ${formatNumber(skill.experienceToLevel)}`}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
