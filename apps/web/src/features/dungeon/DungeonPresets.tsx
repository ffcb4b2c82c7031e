import { MAX_PRESET_NAME, PresetOperation, presetNameError } from "@manaspire/game";
import type { PlayerState } from "@manaspire/protocol";
import { useState } from "react";
import { cx } from "../../lib/cx";
import { send } from "../../store/gameStore";

const manage = (operation: number, name: string) =>
  send("dungeonManagePreset", { operation: operation as 1 | 2 | 3, name });

/** Named presets of the idle size (dungeonManagePreset create, activate, delete). */
export function DungeonPresets({ player }: { player: PlayerState }) {
  const [name, setName] = useState("");
  const error = name === "" ? null : presetNameError(name);
  const save = () => {
    if (error || name.trim() === "") return;
    if (manage(PresetOperation.Create, name)) setName("");
  };
  return (
    <section className="panel space-y-2 px-4 py-3" aria-labelledby="dungeon-presets-title">
      <h2 id="dungeon-presets-title" className="font-display text-lg font-bold text-ink">
        Presets
      </h2>
      {player.dungeonPresets.length === 0 ? (
        <p className="text-sm text-ink-muted">
          Save your idle size under a name to switch back later.
        </p>
      ) : (
        <ul className="space-y-1" aria-label="Presets">
          {player.dungeonPresets.map((preset) => {
            const active = preset === player.dungeonActivePreset;
            return (
              <li
                key={preset}
                className={cx(
                  "flex items-center justify-between gap-2 rounded-lg border px-2 py-1",
                  active ? "border-gold/60 bg-gold/10" : "border-edge/60",
                )}
                data-testid="dungeon-preset"
              >
                <span className="min-w-0 truncate text-sm">
                  {preset}
                  {active ? <span className="ml-2 text-xs text-gold">active</span> : null}
                </span>
                <span className="flex shrink-0 gap-1">
                  <button
                    type="button"
                    className="btn btn-ghost h-7 px-2 text-xs"
                    disabled={active}
                    onClick={() => manage(PresetOperation.Activate, preset)}
                    aria-label={`Activate preset ${preset}`}
                  >
                    Activate
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost h-7 px-2 text-xs"
                    onClick={() => manage(PresetOperation.Delete, preset)}
                    aria-label={`Delete preset ${preset}`}
                  >
                    Delete
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label className="sr-only" htmlFor="dungeon-preset-name">
          Preset name
        </label>
        <input
          id="dungeon-preset-name"
          className="field h-9 min-w-0 flex-1"
          placeholder="Preset name"
          maxLength={MAX_PRESET_NAME}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <button
          type="submit"
          className="btn h-9 px-3 py-0 text-sm"
          disabled={!!error || !name.trim()}
        >
          Save preset
        </button>
      </form>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
