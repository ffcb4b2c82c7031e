import { LootId, PET_ACTIVE_LIMITS, PET_CLASS_NAMES, PetClass, petType } from "@manaspire/game";
import { useEffect, useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { send, useGameStore } from "../../store/gameStore";
import { PetCard, type PetMenuEntry } from "./PetCard";
import { FeedDialog, PickPetDialog, RenameDialog, SkinsDialog } from "./PetDialogs";
import {
  activeOfClass,
  classCount,
  eggsHeld,
  inactiveOfClass,
  type PetCardModel,
  petDisplayName,
  petSections,
  type WirePet,
} from "./petsModel";

type Open =
  | { kind: "rename" | "feed" | "skins"; pet: WirePet }
  | { kind: "switch" | "replace"; pet: WirePet }
  | null;

const CLASSES = [PetClass.Combat, PetClass.Gathering, PetClass.Utility] as const;

/** /pets (spec 000 section 2): Active Pets by class, Your Inactive Pets, Other Pets. */
export function PetsPage() {
  const player = useGameStore((s) => s.player);
  const state = useGameStore((s) => s.companions.pets);
  const connected = useGameStore((s) => s.connection.status === "connected");
  const [open, setOpen] = useState<Open>(null);

  // Fresh experience bars while the page is open.
  useEffect(() => {
    if (!connected) return;
    send("getPets", {});
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") send("getPets", {});
    }, 15_000);
    return () => clearInterval(timer);
  }, [connected]);

  if (!player || !state) {
    return (
      <div className="mx-auto w-full max-w-5xl">
        <PageTitle>Pets</PageTitle>
        <div className="skeleton h-48 w-full" aria-busy="true" />
      </div>
    );
  }
  const pets = state.pets;
  const sections = petSections(pets);
  const eggs = eggsHeld(player.loot);
  const cost = sections.owned + 1;
  const count = (cls: PetClass) => classCount(cls, activeOfClass(pets, cls).length);

  const menuFor = (card: PetCardModel): PetMenuEntry[] => {
    const pet = card.pet;
    if (!pet) return [];
    const cls = card.def.petClass;
    const full = activeOfClass(pets, cls).length >= PET_ACTIVE_LIMITS[cls];
    const entries: PetMenuEntry[] = [];
    if (pet.active) entries.push({ label: "Switch", run: () => setOpen({ kind: "switch", pet }) });
    else
      entries.push({
        label: "Activate",
        run: () =>
          full
            ? setOpen({ kind: "replace", pet })
            : send("petSelect", { petType: pet.type, active: true }),
      });
    entries.push(
      { label: "Rename", run: () => setOpen({ kind: "rename", pet }) },
      { label: "Feed", run: () => setOpen({ kind: "feed", pet }) },
      { label: "Show Skins", run: () => setOpen({ kind: "skins", pet }) },
      {
        label: "Set as Dungeon Skin",
        run: () => send("petSetSkin", { petType: pet.type, skin: pet.skin, dungeon: true }),
      },
    );
    if (pet.active) {
      entries.push({
        label: "Deactivate",
        danger: true,
        run: () => send("petSelect", { petType: pet.type, active: false }),
      });
    }
    return entries;
  };

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6" data-testid="pets-page">
      <PageTitle subtitle="Companions that fight, gather and help. They grow with every action you take.">
        Pets
      </PageTitle>
      <p className="-mt-3 text-sm text-ink-muted">
        You have{" "}
        <b className="text-ink" data-testid="egg-count">
          {eggs}
        </b>{" "}
        Egg{eggs === 1 ? "" : "s"}
        {" · "}pet levels {state.levels} (+{state.levels * 2}% pet experience)
      </p>

      <section aria-labelledby="pets-active">
        <h2 id="pets-active" className="panel-title mb-2">
          Active Pets
        </h2>
        {CLASSES.every((c) => sections.active[c].length === 0) ? (
          <p className="panel p-4 text-sm text-ink-muted">
            {sections.owned === 0
              ? "You have no pets."
              : "None of your pets is active. Activate one below."}
          </p>
        ) : (
          <div className="space-y-3">
            {CLASSES.map((cls) =>
              sections.active[cls].length > 0 ? (
                <div key={cls}>
                  <h3 className="mb-1.5 text-xs font-semibold tracking-wider text-ink-faint uppercase">
                    {PET_CLASS_NAMES[cls]} ({activeOfClass(pets, cls).length}/
                    {PET_ACTIVE_LIMITS[cls]})
                  </h3>
                  <ul
                    className="grid gap-3 @2xl:grid-cols-2 @4xl:grid-cols-3"
                    aria-label={`Active ${PET_CLASS_NAMES[cls]} pets`}
                  >
                    {sections.active[cls].map((card) => (
                      <PetCard
                        key={card.def.type}
                        card={card}
                        count={count(cls)}
                        menu={menuFor(card)}
                      />
                    ))}
                  </ul>
                </div>
              ) : null,
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="pets-inactive">
        <h2 id="pets-inactive" className="panel-title mb-2">
          Your Inactive Pets
        </h2>
        {sections.inactive.length === 0 ? (
          <p className="panel p-4 text-sm text-ink-muted">You have no inactive pets</p>
        ) : (
          <ul className="grid gap-3 @2xl:grid-cols-2 @4xl:grid-cols-3" aria-label="Inactive pets">
            {sections.inactive.map((card) => (
              <PetCard
                key={card.def.type}
                card={card}
                count={count(card.def.petClass)}
                menu={menuFor(card)}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="pets-other">
        <h2 id="pets-other" className="panel-title mb-2">
          Other Pets
        </h2>
        <p className="mb-2 text-xs text-ink-muted">
          Unlocking costs one Egg more than the pets you own: {cost} Egg{cost === 1 ? "" : "s"} now.
        </p>
        <ul className="grid gap-3 @2xl:grid-cols-2 @4xl:grid-cols-3" aria-label="Other pets">
          {sections.others.map((card) => (
            <PetCard
              key={card.def.type}
              card={card}
              count={PET_CLASS_NAMES[card.def.petClass]}
              footer={
                <button
                  type="button"
                  className="btn btn-primary mt-auto h-8 px-3 py-0 text-xs"
                  disabled={eggs < cost}
                  onClick={() => send("petUnlock", { petType: card.def.type })}
                >
                  Unlock {card.def.name} ({cost} Egg{cost === 1 ? "" : "s"})
                </button>
              }
            />
          ))}
        </ul>
      </section>

      {open?.kind === "rename" ? (
        <RenameDialog pet={open.pet} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === "feed" ? (
        <FeedDialog pet={open.pet} eggs={eggs} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === "skins" ? (
        <SkinsDialog
          pet={open.pet}
          unlocked={state.unlockedSkins}
          crystallizedMana={player.loot[LootId.CrystallizedMana] ?? 0}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === "switch" ? (
        <PickPetDialog
          title={`Switch ${petDisplayName(open.pet)}`}
          prompt={`Choose an inactive ${PET_CLASS_NAMES[classOf(open.pet)].toLowerCase()} pet to take its place.`}
          choices={inactiveOfClass(pets, classOf(open.pet))}
          onPick={(c) =>
            send("petSelect", { petType: c.type, active: true, replace: open.pet.type })
          }
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === "replace" ? (
        <PickPetDialog
          title={`Activate ${petDisplayName(open.pet)}`}
          prompt={`You have ${PET_ACTIVE_LIMITS[classOf(open.pet)]} active ${PET_CLASS_NAMES[classOf(open.pet)].toLowerCase()} pets. Choose one to remove.`}
          choices={activeOfClass(pets, classOf(open.pet))}
          onPick={(c) =>
            send("petSelect", { petType: open.pet.type, active: true, replace: c.type })
          }
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}

function classOf(pet: WirePet): PetClass {
  return petType(pet.type)?.petClass ?? PetClass.Combat;
}
