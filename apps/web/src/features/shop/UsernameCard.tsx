import { NAME_MAX, USERNAME_CHANGE_COST } from "@manaspire/game";
import { type FormEvent, useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { send, useGameStore } from "../../store/gameStore";
import { ShopCard } from "./ShopCard";
import { crystallizedOf, usernameState } from "./shopModel";

/**
 * Username change for 5 Crystallized Mana (spec 001 section 5: 3-20 letters or underscore, with
 * the spec's messages; the input takes at most 20 characters). Asks before paying.
 */
export function UsernameCard() {
  const player = useGameStore((s) => s.player);
  const [name, setName] = useState("");
  const [asking, setAsking] = useState(false);
  const inputId = useId();
  const errorId = useId();
  if (!player) return null;
  const crystallized = crystallizedOf(player.loot);
  const state = usernameState(name, player.name, crystallized);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!state.disabled) setAsking(true);
  };

  return (
    <ShopCard id="username" title="Change username">
      {player.guest ? (
        <p className="text-sm text-ink-muted">
          Guest accounts choose a name by claiming the account in Settings.
        </p>
      ) : (
        <form className="flex flex-col gap-2" onSubmit={onSubmit} noValidate>
          <label htmlFor={inputId} className="text-xs text-ink-muted">
            New username (you are {player.name})
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={inputId}
              className="field h-10 min-w-40 flex-1 py-0 text-sm"
              maxLength={NAME_MAX}
              autoComplete="off"
              value={name}
              aria-invalid={state.error !== null}
              aria-describedby={state.error ? errorId : undefined}
              onChange={(e) => setName(e.target.value.slice(0, NAME_MAX))}
            />
            <button type="submit" className="btn h-10 px-4 py-0 text-xs" disabled={state.disabled}>
              Change name
            </button>
          </div>
          {state.error ? (
            <p id={errorId} className="text-xs text-danger" role="alert">
              {state.error}
            </p>
          ) : null}
          <p className="text-xs text-ink-faint">
            Costs {USERNAME_CHANGE_COST} Crystallized Mana; you have {crystallized}. You sign in
            with the new name afterwards.
          </p>
        </form>
      )}
      <Dialog
        open={asking}
        title="Change username"
        confirmLabel="Change name"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          if (send("renamePlayer", { name: state.name })) setName("");
          setAsking(false);
        }}
      >
        <p className="text-sm">
          Become {state.name} for {USERNAME_CHANGE_COST} Crystallized Mana?
        </p>
      </Dialog>
    </ShopCard>
  );
}
