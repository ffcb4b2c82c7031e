import {
  advantagedMagicType,
  ELEMENT_NAMES,
  type Element,
  enemyElement,
  enemyFor,
  magicAdvantage,
  type Zone,
  zoneById,
  zoneEnemies,
} from "@manaspire/game";
import { useEffect, useId, useRef, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { ElementBadge, ElementIcon } from "../../components/ElementBadge";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { formatFull, parseAmount } from "../../lib/numbers";
import { send } from "../../store/gameStore";
import {
  canSelectEnemy,
  type EnemyChoice,
  enemyListLength,
  initialChoice,
  parseStep,
  parseStrength,
  pickEnemy,
  selectEnemyMessage,
  stepStrength,
} from "./enemySelection";

const MAGIC_TYPES = [1, 2, 3] as const satisfies readonly Element[];

export interface EnemySelectDialogProps {
  zone: Zone;
  current: EnemyChoice;
  onClose: () => void;
}

/**
 * Enemy selection for the current zone: a list and a magic type in the two lower zones,
 * a strength with a step size in the three top zones. Mount it only while it is open.
 */
export function EnemySelectDialog({ zone, current, onClose }: EnemySelectDialogProps) {
  const length = enemyListLength(zone);
  const [draft, setDraft] = useState(() => initialChoice(current));
  const [strengthText, setStrengthText] = useState(() => String(current.enemy));
  const [stepText, setStepText] = useState("1");

  const choice: EnemyChoice =
    length === null ? { enemy: parseStrength(strengthText), magicType: current.magicType } : draft;
  const enabled = canSelectEnemy(zone, current, choice);

  const submit = () => {
    if (enabled && send("selectEnemy", selectEnemyMessage(zone, choice))) onClose();
  };

  return (
    <Dialog
      open
      title={`Choose your enemy · ${zoneById(zone)?.name ?? "Zone"}`}
      confirmLabel="Select Enemy"
      confirmDisabled={!enabled}
      onConfirm={submit}
      onCancel={onClose}
    >
      {length === null ? (
        <StrengthPicker
          zone={zone}
          magicType={current.magicType}
          strengthText={strengthText}
          onStrengthText={setStrengthText}
          stepText={stepText}
          onStepText={setStepText}
        />
      ) : (
        <EnemyListPicker zone={zone} length={length} draft={draft} onDraft={setDraft} />
      )}
    </Dialog>
  );
}

function Stepper({
  label,
  value,
  onText,
  onStep,
  onBlur,
  canDown,
  canUp,
  suffix,
}: {
  label: string;
  value: string;
  onText: (text: string) => void;
  onStep: (direction: 1 | -1) => void;
  onBlur?: () => void;
  canDown: boolean;
  canUp: boolean;
  suffix?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-xs font-semibold text-ink-muted">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="btn size-10 shrink-0 p-0 text-lg"
          onClick={() => onStep(-1)}
          disabled={!canDown}
          aria-label={`Decrease ${label.toLowerCase()}`}
        >
          −
        </button>
        <input
          id={id}
          className="field min-w-0 text-center font-semibold tabular-nums"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onText(event.target.value)}
          onBlur={onBlur}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="btn size-10 shrink-0 p-0 text-lg"
          onClick={() => onStep(1)}
          disabled={!canUp}
          aria-label={`Increase ${label.toLowerCase()}`}
        >
          +
        </button>
        {suffix ? (
          <span className="shrink-0 text-xs whitespace-nowrap text-ink-faint">{suffix}</span>
        ) : null}
      </div>
    </div>
  );
}

function AdvantageTag({ magic, enemy }: { magic: Element; enemy: Element }) {
  const advantage = magicAdvantage(magic, enemy);
  return (
    <span
      className={cx(
        "text-[0.7rem] font-bold tabular-nums",
        advantage > 0 ? "text-success" : advantage < 0 ? "text-danger" : "text-ink-faint",
      )}
    >
      {advantage > 0 ? "+" : advantage < 0 ? "−" : "±"}
      {Math.abs(advantage * 100)}%
    </span>
  );
}

function EnemyListPicker({
  zone,
  length,
  draft,
  onDraft,
}: {
  zone: Zone;
  length: number;
  draft: EnemyChoice;
  onDraft: (draft: EnemyChoice) => void;
}) {
  const enemies = zoneEnemies(zone);
  const [text, setText] = useState(String(draft.enemy));
  const listRef = useRef<HTMLUListElement>(null);
  const selected = enemies[draft.enemy - 1];
  const selectedElement = enemyElement(draft.enemy);

  const choose = (value: number) => {
    const next = pickEnemy(draft, value, length);
    onDraft(next);
    setText(String(next.enemy));
  };

  // Start on the current enemy rather than in the number field (no keyboard popping up).
  useEffect(() => {
    const row = listRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
    row?.focus({ preventScroll: true });
  }, []);

  // Keep the chosen enemy in view (on open and when stepping).
  useEffect(() => {
    const row = listRef.current?.querySelector<HTMLElement>(`[data-enemy="${draft.enemy}"]`);
    row?.scrollIntoView({ block: "nearest" });
  }, [draft.enemy]);

  return (
    <div className="space-y-4">
      <Stepper
        label="Enemy"
        value={text}
        onText={(value) => {
          setText(value);
          if (value.trim() !== "") {
            const next = pickEnemy(draft, parseAmount(value), length);
            onDraft(next);
          }
        }}
        onBlur={() => setText(String(draft.enemy))}
        onStep={(direction) => choose(draft.enemy + direction)}
        canDown={draft.enemy > 1}
        canUp={draft.enemy < length}
        suffix={`of ${length}`}
      />

      <ul
        ref={listRef}
        aria-label="Enemies"
        className="max-h-52 space-y-0.5 overflow-y-auto rounded-lg border border-edge bg-night-950/60 p-1"
      >
        {enemies.map((enemy) => {
          const active = enemy.number === draft.enemy;
          return (
            <li key={enemy.number}>
              <button
                type="button"
                data-enemy={enemy.number}
                aria-pressed={active}
                onClick={() => choose(enemy.number)}
                className={cx(
                  "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors",
                  active
                    ? "bg-primary/30 text-white ring-1 ring-primary-light/60"
                    : "text-ink hover:bg-white/5",
                )}
              >
                <span className="w-6 shrink-0 text-right text-xs text-ink-faint tabular-nums">
                  {enemy.number}
                </span>
                <ElementIcon element={enemy.element} className="size-3.5" />
                <span className="min-w-0 flex-1 truncate font-medium">{enemy.name}</span>
                <span className="shrink-0 text-xs text-ink-muted tabular-nums">
                  Lv {enemy.level}
                </span>
              </button>
            </li>
          );
        })}
      </ul>

      <fieldset>
        <legend className="mb-1.5 text-xs font-semibold text-ink-muted">Magic type</legend>
        <div className="grid grid-cols-3 gap-2">
          {MAGIC_TYPES.map((magic) => {
            const active = draft.magicType === magic;
            return (
              <button
                key={magic}
                type="button"
                aria-pressed={active}
                onClick={() => onDraft({ ...draft, magicType: magic })}
                className={cx(
                  "flex flex-col items-center gap-0.5 rounded-lg border px-2 py-2 transition-colors",
                  active
                    ? "border-primary-light bg-primary/25 text-white"
                    : "border-edge bg-night-800/70 text-ink-muted hover:border-edge-bright hover:text-ink",
                )}
              >
                <span className="flex items-center gap-1 text-sm font-semibold">
                  <ElementIcon element={magic} />
                  {ELEMENT_NAMES[magic]}
                </span>
                <AdvantageTag magic={magic} enemy={selectedElement} />
              </button>
            );
          })}
        </div>
        <p className="mt-2 text-xs text-ink-faint">
          <span className="font-semibold text-ink">{selected?.name ?? `Enemy ${draft.enemy}`}</span>{" "}
          is <ElementBadge element={selectedElement} className="text-xs" />:{" "}
          <ElementBadge element={advantagedMagicType(selectedElement)} className="text-xs" /> magic
          has the advantage.
        </p>
      </fieldset>
    </div>
  );
}

function StrengthPicker({
  zone,
  magicType,
  strengthText,
  onStrengthText,
  stepText,
  onStepText,
}: {
  zone: Zone;
  magicType: Element;
  strengthText: string;
  onStrengthText: (text: string) => void;
  stepText: string;
  onStepText: (text: string) => void;
}) {
  const stepId = useId();
  const strength = parseStrength(strengthText);
  const step = parseStep(stepText);
  const enemy = enemyFor(zone, strength);

  return (
    <div className="space-y-4">
      <Stepper
        label="Strength"
        value={strengthText}
        onText={onStrengthText}
        onBlur={() => onStrengthText(String(strength))}
        onStep={(direction) => onStrengthText(String(stepStrength(strength, step, direction)))}
        canDown={strength > 1}
        canUp
      />
      <div className="flex items-center gap-3">
        <label htmlFor={stepId} className="text-xs font-semibold whitespace-nowrap text-ink-muted">
          Step size
        </label>
        <input
          id={stepId}
          className="field w-28 py-1.5 text-center tabular-nums"
          inputMode="decimal"
          autoComplete="off"
          value={stepText}
          onChange={(event) => onStepText(event.target.value)}
          onBlur={() => onStepText(String(step))}
          onFocus={(event) => event.target.select()}
        />
        <span className="text-xs text-ink-faint">Accepts 1.5K, 2M…</span>
      </div>
      <div className="rounded-lg border border-edge bg-night-950/60 px-3 py-2.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink">
          <span className="font-display font-bold" title={formatFull(strength)}>
            {enemy.name}
          </span>
          <span className="text-xs text-ink-muted">
            Lv <Num value={enemy.level} />
          </span>
          <ElementBadge element={enemy.element} className="text-xs" />
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-xs text-ink-muted">
          Your magic: <ElementBadge element={magicType} />
          <AdvantageTag magic={magicType} enemy={enemy.element} />
        </p>
      </div>
    </div>
  );
}
