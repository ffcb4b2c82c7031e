import { PET_CLASS_NAMES, petType } from "@manaspire/game";
import { Link } from "react-router";
import { useGameStore } from "../../store/gameStore";
import { PetArt } from "./PetArt";
import { petDisplayName } from "./petsModel";

/** The active pets beside a battle or gathering result (spec 000 "Main view"). */
export function ActivePets() {
  const pets = useGameStore((s) => s.companions.pets?.pets);
  const active = (pets ?? []).filter((p) => p.active);
  if (active.length === 0) return null;
  return (
    <section className="panel px-4 py-3" aria-label="Active pets" data-testid="active-pets">
      <div className="mb-2 flex items-baseline justify-between">
        <h2 className="panel-title">Active pets</h2>
        <Link to="/pets" className="link text-xs">
          Pets
        </Link>
      </div>
      <ul className="flex flex-wrap gap-2">
        {active.map((p) => {
          const def = petType(p.type);
          return (
            <li
              key={p.type}
              className="flex items-center gap-2 rounded-lg border border-edge/70 bg-night-950/50 py-1 pr-3 pl-1"
              data-testid={`active-pet-${p.type}`}
            >
              <PetArt type={p.type} skin={p.skin} className="size-9" />
              <span className="text-xs">
                <span className="block font-semibold text-ink">{petDisplayName(p)}</span>
                <span className="text-ink-muted">
                  Level {p.tier} · {def ? PET_CLASS_NAMES[def.petClass] : ""} · {def?.effectName}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
