import type { EquipmentSet } from "@manaspire/protocol";
import { useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { TrashIcon } from "../../components/icons/uiIcons";
import { cx } from "../../lib/cx";
import { inventoryActions } from "./inventoryActions";
import { MAX_SETS, SET_NAME_MAX, setNameError } from "./inventoryModel";

/** Saved loadouts: create from the worn gear, update and delete (each asking first), equip. */
export function EquipmentSetsPanel({ sets, loaded }: { sets: EquipmentSet[]; loaded: boolean }) {
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [updating, setUpdating] = useState<string | null>(null);
  const inputId = useId();
  const names = sets.map((set) => set.name);
  const error = setNameError(name, names);

  const create = () => {
    setTouched(true);
    if (error !== null) return;
    if (inventoryActions.createSet(name)) {
      setName("");
      setTouched(false);
    }
  };

  return (
    <section aria-labelledby="sets-title" className="panel px-4 py-4 sm:px-5">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="sets-title" className="panel-title">
          Equipment Sets
        </h2>
        <span className="text-xs text-ink-faint tabular-nums">
          {sets.length} / {MAX_SETS}
        </span>
      </div>

      <form
        className="flex flex-wrap items-start gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          create();
        }}
      >
        <div className="relative min-w-0 flex-1 basis-40">
          <label htmlFor={inputId} className="sr-only">
            New set name
          </label>
          <input
            id={inputId}
            className="field py-1.5 text-sm"
            placeholder="New set name"
            maxLength={SET_NAME_MAX}
            value={name}
            autoComplete="off"
            aria-invalid={touched && error !== null}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button
          type="submit"
          className="btn btn-primary py-1.5"
          disabled={error !== null}
          title="Saves the gear you wear now as a new set"
        >
          Create set
        </button>
        {touched && error ? <p className="w-full text-xs text-danger">{error}</p> : null}
      </form>

      {!loaded ? (
        <div className="mt-3 space-y-2">
          <div className="skeleton h-9 w-full" />
        </div>
      ) : sets.length === 0 ? (
        <p className="mt-3 text-sm text-ink-faint">
          No sets yet. Name one to remember what you wear now.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-edge/60 rounded-lg border border-edge/70 bg-night-950/40">
          {sets.map((set) => (
            <li
              key={set.name}
              className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-3 py-2"
              data-testid="equipment-set"
            >
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 truncate font-semibold text-ink">
                  <span className="truncate">{set.name}</span>
                  {set.active ? (
                    <span className="rounded border border-gold/50 px-1.5 text-[0.62rem] font-bold tracking-wide text-gold uppercase">
                      Active
                    </span>
                  ) : null}
                </p>
                <p className="text-[0.7rem] text-ink-faint">
                  {set.itemIds.length} {set.itemIds.length === 1 ? "item" : "items"}
                  {set.sigilId !== undefined ? " · sigil" : ""}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <button
                  type="button"
                  className={cx("btn h-8 px-3 py-0 text-xs", !set.active && "btn-primary")}
                  onClick={() => inventoryActions.equipSet(set.name)}
                >
                  Equip
                </button>
                <button
                  type="button"
                  className="btn h-8 px-3 py-0 text-xs"
                  title="Save the gear you wear now into this set"
                  onClick={() => setUpdating(set.name)}
                >
                  Update
                </button>
                <button
                  type="button"
                  className="btn btn-ghost size-8 p-0 text-ink-muted hover:text-danger"
                  aria-label={`Delete ${set.name}`}
                  title="Delete"
                  onClick={() => setDeleting(set.name)}
                >
                  <TrashIcon className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={updating !== null}
        title="Update equipment set"
        confirmLabel="Update"
        onCancel={() => setUpdating(null)}
        onConfirm={() => {
          if (updating !== null) inventoryActions.updateSet(updating);
          setUpdating(null);
        }}
      >
        Replace the items and sigil of <span className="font-semibold text-ink">{updating}</span>{" "}
        with what you wear now?
      </Dialog>

      <Dialog
        open={deleting !== null}
        title="Delete equipment set"
        confirmLabel="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) inventoryActions.deleteSet(deleting);
          setDeleting(null);
        }}
      >
        Delete the set <span className="font-semibold text-ink">{deleting}</span>? Your items stay
        in your inventory.
      </Dialog>
    </section>
  );
}
