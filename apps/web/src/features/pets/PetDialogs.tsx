import { PET_NAME_MAX, PET_SKIN_COST, petType } from "@manaspire/game";
import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { LockIcon } from "../../components/icons/uiIcons";
import { cx } from "../../lib/cx";
import { send } from "../../store/gameStore";
import { PetArt } from "./PetArt";
import { feedAmount, petDisplayName, type WirePet } from "./petsModel";

/** Rename (spec: at most 20 characters; OK disabled when empty). */
export function RenameDialog({ pet, onClose }: { pet: WirePet; onClose: () => void }) {
  const [name, setName] = useState(pet.name ?? "");
  const ok = name.trim() !== "";
  const confirm = () => {
    if (ok && send("petRename", { petType: pet.type, name: name.trim() })) onClose();
  };
  return (
    <Dialog
      open
      title={`Rename ${petDisplayName(pet)}`}
      onCancel={onClose}
      onConfirm={confirm}
      confirmDisabled={!ok}
    >
      <label className="block text-xs font-semibold text-ink-muted">
        Name
        <input
          className="field mt-1"
          maxLength={PET_NAME_MAX}
          value={name}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") confirm();
          }}
        />
      </label>
      <p className="mt-1 text-xs text-ink-faint">
        {name.length}/{PET_NAME_MAX} characters
      </p>
    </Dialog>
  );
}

/** Feed eggs (spec: integer clamped to at least 0, slider up to the eggs held; OK needs both). */
export function FeedDialog({
  pet,
  eggs,
  onClose,
}: {
  pet: WirePet;
  eggs: number;
  onClose: () => void;
}) {
  const [text, setText] = useState(eggs > 0 ? "1" : "0");
  const amount = feedAmount(text, eggs);
  const ok = eggs > 0 && amount > 0;
  const confirm = () => {
    if (ok && send("petFeed", { petType: pet.type, eggs: amount })) onClose();
  };
  return (
    <Dialog
      open
      title={`Feed ${petDisplayName(pet)}`}
      onCancel={onClose}
      onConfirm={confirm}
      confirmDisabled={!ok}
    >
      <p className="text-sm text-ink-muted">
        Each Egg gives 100,000 experience. You have {eggs} Eggs.
      </p>
      <div className="mt-3 flex items-center gap-3">
        <input
          type="range"
          min={0}
          max={eggs}
          value={amount}
          aria-label="Eggs to feed"
          className="flex-1"
          onChange={(e) => setText(e.target.value)}
        />
        <input
          className="field w-24"
          inputMode="numeric"
          aria-label="Eggs"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <p className="mt-1 text-xs text-ink-faint">
        {(amount * 100_000).toLocaleString("en")} experience
      </p>
    </Dialog>
  );
}

/** Skins: an unlocked one is chosen at once; a locked one is bought after a confirm (5 CM). */
export function SkinsDialog({
  pet,
  unlocked,
  crystallizedMana,
  onClose,
}: {
  pet: WirePet;
  unlocked: ReadonlyArray<{ petType: number; skin: number }>;
  crystallizedMana: number;
  onClose: () => void;
}) {
  const def = petType(pet.type);
  const [buying, setBuying] = useState<number | null>(null);
  const isUnlocked = (skin: number) =>
    skin === 0 || unlocked.some((k) => k.petType === pet.type && k.skin === skin);
  if (!def) return null;
  const buyName = def.skins.find((k) => k.id === buying)?.name;
  return (
    <>
      <Dialog open={buying === null} title={`${petDisplayName(pet)}'s skins`} onCancel={onClose}>
        <ul className="grid grid-cols-2 gap-2" data-testid="pet-skins">
          {def.skins.map((skin) => {
            const open = isUnlocked(skin.id);
            return (
              <li key={skin.id}>
                <button
                  type="button"
                  className={cx(
                    "flex w-full flex-col items-center gap-1 rounded-lg border p-2 text-xs",
                    pet.skin === skin.id
                      ? "border-gold bg-gold/10"
                      : "border-edge hover:border-edge-bright",
                  )}
                  onClick={() => {
                    if (open) {
                      send("petSetSkin", { petType: pet.type, skin: skin.id, dungeon: false });
                      onClose();
                    } else setBuying(skin.id);
                  }}
                >
                  <PetArt type={pet.type} skin={skin.id} locked={!open} />
                  <span className="flex items-center gap-1 font-semibold text-ink">
                    {open ? null : <LockIcon className="size-3" />}
                    {skin.name}
                  </span>
                  <span className="text-ink-faint">
                    {pet.skin === skin.id
                      ? "Worn"
                      : open
                        ? "Unlocked"
                        : `${PET_SKIN_COST} Crystallized Mana`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </Dialog>
      <Dialog
        open={buying !== null}
        title="Unlock skin"
        confirmLabel="Unlock"
        confirmDisabled={crystallizedMana < PET_SKIN_COST}
        onCancel={() => setBuying(null)}
        onConfirm={() => {
          if (buying !== null) send("petBuySkin", { petType: pet.type, skin: buying });
          onClose();
        }}
      >
        <p>
          Unlock the {buyName} skin for {petDisplayName(pet)} for {PET_SKIN_COST} Crystallized Mana?
          You have {crystallizedMana}.
        </p>
      </Dialog>
    </>
  );
}

/**
 * Picks a pet of the same class: for Switch (an inactive one replaces this pet) or for
 * Activate at the limit (an active one to take off). Empty: the spec's text.
 */
export function PickPetDialog({
  title,
  prompt,
  choices,
  onPick,
  onClose,
}: {
  title: string;
  prompt: string;
  choices: readonly WirePet[];
  onPick: (pet: WirePet) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open title={title} onCancel={onClose}>
      <p className="mb-2 text-sm text-ink-muted">{prompt}</p>
      {choices.length === 0 ? (
        <p className="text-sm text-ink-faint">You have no other pets of this type</p>
      ) : (
        <ul className="space-y-1.5">
          {choices.map((c) => (
            <li key={c.type}>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-lg border border-edge p-2 text-left hover:border-edge-bright"
                onClick={() => {
                  onPick(c);
                  onClose();
                }}
              >
                <PetArt type={c.type} skin={c.skin} className="size-10" />
                <span className="font-semibold text-ink">{petDisplayName(c)}</span>
                <span className="ml-auto text-xs text-ink-muted">Level {c.tier}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
