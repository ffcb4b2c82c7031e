import {
  AUTO_SIPHON_MAX,
  DEFAULT_PREFERENCES,
  type PlayerPreferences,
  PREFERENCE_LABELS,
  parseAutoSiphonInput,
  hasQoL as qolActive,
} from "@manaspire/game";
import { useId, useState } from "react";
import { Link } from "react-router";
import { send, useGameStore } from "../../store/gameStore";
import { useNow } from "../farm/useNow";
import { SettingsSection, Toggle } from "./controls";

const RARITY_OPTIONS: readonly [PlayerPreferences["autoDisenchant"], string][] = [
  [0, "None"],
  [1, "Common"],
  [2, "Uncommon"],
  [3, "Rare"],
];

/**
 * Sends the whole preferences object with one change (spec: updatePreferences(full object))
 * and shows it at once. The next change builds on this one, not on the server's last answer:
 * two quick changes both count. The server answers with the preferences it kept (also after
 * a refusal), which replace the shown ones.
 */
function save(change: Partial<PlayerPreferences>): void {
  const player = useGameStore.getState().player;
  if (!player?.preferences) return;
  const preferences = { ...player.preferences, ...change };
  if (!send("updatePreferences", { preferences })) return;
  useGameStore.setState({ player: { ...player, preferences } });
}

/**
 * Settings, game preferences (spec 001 sections 3, 5 and 6), kept by the server for the
 * player. Auto join, auto siphon and auto collect need Quality of Life: without it they are
 * disabled, with a hint to the shop. The server checks the same rules.
 */
export function GamePreferencesSection() {
  const preferences = useGameStore((s) => s.player?.preferences ?? null);
  // Active until its end: a tab left open past it locks the controls again (the server refuses).
  const qolEnd = useGameStore((s) => s.player?.qolEnd ?? 0);
  const now = useNow(60_000);
  const hasQoL = qolActive(qolEnd, now);
  const current = preferences ?? DEFAULT_PREFERENCES;
  const locked = !hasQoL || preferences === null;
  const selectId = useId();
  return (
    <SettingsSection
      id="game"
      title="Game preferences"
      description="Kept on the server for your mage, on every device."
    >
      {hasQoL ? null : (
        <p
          className="mb-2 rounded-lg border border-gold/30 bg-gold/5 px-3 py-2 text-xs text-ink-muted"
          data-testid="qol-hint"
        >
          Auto join, auto siphon and auto collect need Quality of Life.{" "}
          <Link to="/shop" className="link font-semibold">
            Get Quality of Life in the Premium shop
          </Link>
          .
        </p>
      )}
      <div className="divide-y divide-edge/60">
        <Toggle
          label={PREFERENCE_LABELS.autoJoinElementalRift}
          hint="Join each Elemental Rift when it starts."
          checked={current.autoJoinElementalRift}
          disabled={locked}
          onChange={(on) => save({ autoJoinElementalRift: on })}
        />
        <AutoSiphonField
          value={current.autoSiphonRiftOfPower}
          disabled={locked}
          onCommit={(n) => save({ autoSiphonRiftOfPower: n })}
        />
        <Toggle
          label={PREFERENCE_LABELS.autoCollectFarm}
          hint="Harvest the farm every 3 hours."
          checked={current.autoCollectFarm}
          disabled={locked}
          onChange={(on) => save({ autoCollectFarm: on })}
        />
        <div className="flex items-center justify-between gap-3 py-1.5">
          <label htmlFor={selectId} className="min-w-0">
            <span className="block text-sm text-ink">{PREFERENCE_LABELS.autoDisenchant}</span>
            <span className="block text-xs text-ink-faint">
              Drops of this rarity or lower turn into their disenchant yield.
            </span>
          </label>
          <select
            id={selectId}
            value={current.autoDisenchant}
            disabled={preferences === null}
            onChange={(event) =>
              save({
                autoDisenchant: Number(event.target.value) as PlayerPreferences["autoDisenchant"],
              })
            }
            className="field w-36 shrink-0"
          >
            {RARITY_OPTIONS.map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <Toggle
          label={PREFERENCE_LABELS.blockEnchants}
          hint="Other players may not enchant your equipment."
          checked={current.blockEnchants}
          disabled={preferences === null}
          onChange={(on) => save({ blockEnchants: on })}
        />
      </div>
    </SettingsSection>
  );
}

/** The auto siphon count: digits only, at most 2, saved on Enter or when the field is left. */
function AutoSiphonField({
  value,
  disabled,
  onCommit,
}: {
  value: number;
  disabled: boolean;
  onCommit: (value: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = parseAutoSiphonInput(draft);
    setDraft(null);
    if (next !== value) onCommit(next);
  };
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <label htmlFor={id} className={disabled ? "min-w-0 opacity-55" : "min-w-0"}>
        <span className="block text-sm text-ink">{PREFERENCE_LABELS.autoSiphonRiftOfPower}</span>
        <span className="block text-xs text-ink-faint">
          Siphons made on their own in each Rift of Power (0-{AUTO_SIPHON_MAX}).
        </span>
      </label>
      <input
        id={id}
        inputMode="numeric"
        maxLength={2}
        disabled={disabled}
        value={draft ?? String(value)}
        onChange={(event) => setDraft(String(parseAutoSiphonInput(event.target.value) || ""))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
        className="field w-16 shrink-0 text-center tabular-nums disabled:cursor-not-allowed disabled:opacity-55"
      />
    </div>
  );
}
