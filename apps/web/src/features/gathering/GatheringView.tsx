import { type GatherActionType, gatheringZoneFor, lootById } from "@manaspire/game";
import type { GatherResult } from "@manaspire/protocol";
import type { SkillProgress } from "../../app/shellModel";
import { Num } from "../../components/Num";
import { ProgressBar } from "../../components/ProgressBar";
import { formatPercent } from "../../lib/numbers";
import { resultKey } from "../../lib/resultKey";
import { LootList } from "../loot/LootList";
import { SceneHeader } from "../main/SceneHeader";
import { WaitingCard } from "../main/WaitingCard";
import { ActivePets } from "../pets/ActivePets";
import { gatheringZoneOf } from "../town/townPlaces";

export interface GatheringViewProps {
  action: GatherActionType;
  skill: SkillProgress;
  /** Amount of the zone's resource held. */
  held: number;
  result: GatherResult | null;
}

/** Main view while mining, fishing or woodcutting (spec 000 "Main view"). */
export function GatheringView({ action, skill, held, result }: GatheringViewProps) {
  const place = gatheringZoneOf(action);
  const rules = gatheringZoneFor(action);
  const resource = rules ? (lootById(rules.resource)?.name ?? rules.resourceName) : "Resources";
  const ratio = skill.experienceToLevel > 0 ? skill.experience / skill.experienceToLevel : 0;
  const key = resultKey(result);

  return (
    <div className="space-y-4" data-testid="gathering-view">
      <SceneHeader
        art={place?.art ?? "mine"}
        overline={place?.skill ?? "Gathering"}
        title={<span data-testid="gathering-zone">{place?.name ?? "Gathering"}</span>}
      >
        <span>
          {place?.skill} level <span className="font-semibold text-ink">{skill.level}</span>
        </span>
        <span>
          {resource} held <Num value={held} className="font-semibold text-ink tabular-nums" />
        </span>
      </SceneHeader>

      <section className="panel px-4 py-3" aria-label={`${place?.skill ?? "Skill"} progress`}>
        <div className="flex items-baseline justify-between text-xs">
          <span className="font-semibold text-ink-muted">
            Level {skill.level} → {skill.level + 1}
          </span>
          <span className="text-ink-faint tabular-nums">
            <Num value={skill.experience} /> / <Num value={skill.experienceToLevel} /> (
            {formatPercent(ratio)})
          </span>
        </div>
        <ProgressBar ratio={ratio} className="mt-2 h-2" />
      </section>

      {result ? (
        <section
          aria-label="Gathering result"
          data-testid="gather-result"
          className="panel relative overflow-hidden"
        >
          <div
            key={`flash-${key}`}
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 top-0 h-20 animate-flash bg-linear-to-b from-primary/25 to-transparent"
            style={{ opacity: 0 }}
          />
          <header className="relative border-b border-edge/70 px-4 py-3 sm:px-5">
            <p
              key={`xp-${key}`}
              className="animate-result-in font-display text-lg font-bold text-primary-bright text-glow sm:text-xl"
            >
              +<Num value={result.experienceGained} /> {place?.skill ?? ""} experience
            </p>
          </header>
          <div className="relative px-4 py-4 sm:px-5">
            <h2 className="panel-title mb-2.5">Loot</h2>
            <LootList
              key={`loot-${key}`}
              loot={result.loot}
              items={result.items}
              emptyText="Nothing this time."
            />
            {Object.keys(result.taxed).length > 0 ? (
              <>
                <h2 className="panel-title mt-4 mb-2.5">Guild Tax</h2>
                <LootList loot={result.taxed} />
              </>
            ) : null}
          </div>
        </section>
      ) : (
        <WaitingCard>
          Heading to {place?.name ?? "the gathering grounds"}. Your first {resource.toLowerCase()}{" "}
          arrives with the next action.
        </WaitingCard>
      )}
      <ActivePets />
    </div>
  );
}
