import { DungeonBoost, SIZE_NAMES, Size } from "@manaspire/game";
import type { PlayerState } from "@manaspire/protocol";
import { Num } from "../../components/Num";
import { ProgressBar } from "../../components/ProgressBar";
import { cx } from "../../lib/cx";
import { send } from "../../store/gameStore";
import { durationText, idleView } from "./dungeonModel";

const SIZES = [Size.None, Size.Small, Size.Medium, Size.Large] as const;

/** Sets the idle dungeon size (dungeonStart with `idle`; None stops idle dungeons). */
export function chooseIdleSize(size: number): void {
  send("dungeonStart", {
    size: size as Size,
    idle: true,
    manual: false,
    trusted: false,
    speedrun: false,
  });
}

/**
 * Idle dungeons (spec 001 section 4): the size choice, progress as ticks/required with the time
 * left (3 s a tick), the unlocked dungeons left, and the flavour quote once finished.
 */
export function IdleDungeonCard({
  player,
  onUnlock,
}: {
  player: PlayerState;
  onUnlock: () => void;
}) {
  const v = idleView(player);
  return (
    <section className="panel space-y-3 px-4 py-3" aria-labelledby="idle-dungeon-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="idle-dungeon-title" className="font-display text-lg font-bold text-ink">
          Idle dungeon
        </h2>
        <p className="text-xs text-ink-muted" data-testid="dungeon-unlocks">
          <Num value={v.left} /> of <Num value={v.unlocked} /> unlocked left ·{" "}
          <Num value={v.completed} /> completed
        </p>
      </div>
      <fieldset>
        <legend className="mb-1 text-xs font-semibold tracking-wider text-ink-faint uppercase">
          Size
        </legend>
        <div className="grid grid-cols-4 gap-1.5" role="radiogroup" aria-label="Idle size">
          {SIZES.map((size) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons
            <button
              key={size}
              type="button"
              role="radio"
              aria-checked={v.size === size}
              onClick={() => v.size !== size && chooseIdleSize(size)}
              className={cx(
                "btn h-9 px-2 py-0 text-sm",
                v.size === size ? "btn-primary" : "btn-ghost",
              )}
              data-testid={`idle-size-${size}`}
            >
              {SIZE_NAMES[size]}
            </button>
          ))}
        </div>
      </fieldset>
      {v.size === Size.None ? (
        <p className="text-sm text-ink-muted">
          Choose a size to run dungeons while you battle or gather: each action is one tick.
        </p>
      ) : v.finished ? (
        <blockquote
          className="border-l-2 border-gold/60 pl-3 text-sm text-ink-muted italic"
          data-testid="dungeon-finished-quote"
        >
          {v.quote}
        </blockquote>
      ) : (
        <div className="space-y-1" data-testid="dungeon-idle-progress">
          <div className="flex justify-between text-sm">
            <span>
              <Num value={v.ticks} /> / <Num value={v.required} /> ticks
            </span>
            <span className="text-ink-muted">{durationText(v.timeLeftMs)} left</span>
          </div>
          <ProgressBar ratio={v.required > 0 ? v.ticks / v.required : 0} />
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-ink-muted">
        <span>
          Queue: up to <Num value={v.queue} /> unlocked at once
          {player.hasQoL ? " (doubled by Quality of Life)" : ""}.
        </span>
        <button
          type="button"
          className="btn btn-ghost h-8 border border-edge px-3 py-0 text-xs"
          disabled={v.unlocked >= v.cap}
          onClick={onUnlock}
          data-testid="dungeon-unlock"
        >
          Unlock dungeons (
          {(player.boosts[DungeonBoost.Unlocked] ?? 0) >= v.cap ? "queue full" : "Mana Dust"})
        </button>
      </div>
    </section>
  );
}
