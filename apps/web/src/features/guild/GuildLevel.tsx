import { Num } from "../../components/Num";
import { ProgressBar } from "../../components/ProgressBar";
import { formatPercent } from "../../lib/numbers";
import { guildLevelBonus } from "./guildModel";

export interface GuildLevelProps {
  level: number;
  /** Experience into the current level, and what the next level needs. */
  experience: number;
  experienceToLevel: number;
}

/**
 * A guild's level, its progress to the next (guild experience: 1% of members' battle
 * experience) and what the level gives its members.
 */
export function GuildLevel({ level, experience, experienceToLevel }: GuildLevelProps) {
  const ratio = experienceToLevel > 0 ? experience / experienceToLevel : 0;
  return (
    <section className="panel px-4 py-3" aria-label="Guild level" data-testid="guild-level">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
        <span className="font-semibold text-ink-muted">
          Guild level <span className="text-ink">{level}</span> → {level + 1}
        </span>
        <span className="text-ink-faint tabular-nums">
          <Num value={experience} /> / <Num value={experienceToLevel} /> ({formatPercent(ratio)})
        </span>
      </div>
      <ProgressBar ratio={ratio} className="mt-2 h-2" />
      <p className="mt-1.5 text-xs text-ink-faint">Members get {guildLevelBonus(level)}.</p>
    </section>
  );
}
