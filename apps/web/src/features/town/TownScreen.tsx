import type { ActionType, GatherActionType, Zone } from "@manaspire/game";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { isBattleAction } from "../../lib/gameIds";
import { OTHER_PLACE_ICONS } from "./PlaceIcon";
import { BATTLE_ZONES, GATHERING_ZONES, OTHER_PLACES } from "./townPlaces";
import { ZoneCard } from "./ZoneCard";

export interface TownScreenProps {
  /** Current zone and action type, for the "Current" markers (null while loading). */
  zone: Zone | null;
  actionType: ActionType | null;
  onSelectZone: (zone: Zone) => void;
  onSelectGathering: (actionType: GatherActionType) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-7 first:mt-0">
      <h2 className="panel-title mb-3">{title}</h2>
      {children}
    </section>
  );
}

/** Town hub: pick a battle zone or gathering zone (then go to /), or visit other places. */
export function TownScreen({ zone, actionType, onSelectZone, onSelectGathering }: TownScreenProps) {
  const navigate = useNavigate();
  const battling = actionType !== null && isBattleAction(actionType);

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageTitle subtitle="Choose where to spend your actions, mage. Every choice takes you back to the field.">
        Welcome to Town
      </PageTitle>

      <Section title="Battle Zones">
        <div className="grid gap-3 @2xl:grid-cols-2">
          {BATTLE_ZONES.map((place) => (
            <ZoneCard
              key={place.id}
              name={place.name}
              tag={place.tier}
              description={place.description}
              art={place.art}
              current={battling && zone === place.id}
              onSelect={() => {
                onSelectZone(place.id);
                navigate("/");
              }}
            />
          ))}
        </div>
      </Section>

      <Section title="Gathering">
        <div className="grid gap-3 @xl:grid-cols-3">
          {GATHERING_ZONES.map((place) => (
            <ZoneCard
              key={place.actionType}
              layout="stack"
              name={place.name}
              tag={place.skill}
              description={place.description}
              art={place.art}
              current={actionType === place.actionType}
              onSelect={() => {
                onSelectGathering(place.actionType);
                navigate("/");
              }}
            />
          ))}
        </div>
      </Section>

      <Section title="Other Places">
        <div className="grid grid-cols-2 gap-3 @xl:grid-cols-3 @5xl:grid-cols-4">
          {OTHER_PLACES.map((place) => {
            const PlaceIcon = OTHER_PLACE_ICONS[place.icon];
            return (
              <Link
                key={place.to}
                to={place.to}
                className="panel group flex items-center gap-3 px-3 py-3 transition-colors hover:border-edge-bright"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-lg border border-edge-bright bg-night-700 text-primary-bright transition-colors group-hover:text-gold">
                  <PlaceIcon className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">{place.name}</span>
                  <span className="block text-xs text-ink-faint">{place.description}</span>
                </span>
              </Link>
            );
          })}
        </div>
      </Section>
    </div>
  );
}
