import { useMemo } from "react";
import { Num } from "../../components/Num";
import { PageTitle } from "../../components/PageTitle";
import { ProgressBar } from "../../components/ProgressBar";
import { cx } from "../../lib/cx";
import { formatNumber } from "../../lib/numbers";
import { send, useGameStore } from "../../store/gameStore";
import { SigilSlotIcon } from "../items/itemIcons";
import { SIGIL_FLAVOUR, type SigilRow, type SigilState, sigilState } from "./sigilModel";

const SIGIL_TONES: Record<string, { ring: string; text: string; glow: string }> = {
  purpose: { ring: "border-gold/60", text: "text-gold", glow: "from-gold/15" },
  distillation: { ring: "border-water/60", text: "text-water", glow: "from-water/15" },
  vitality: { ring: "border-danger/60", text: "text-danger", glow: "from-danger/15" },
  growth: { ring: "border-nature/60", text: "text-nature", glow: "from-nature/15" },
};

/** /sigils: one sigil level bought with event points; the chosen sigil's boost counts. */
export function SigilsPage() {
  const player = useGameStore((s) => s.player);
  const state = useMemo(() => (player ? sigilState(player) : null), [player]);

  return (
    <div className="mx-auto w-full max-w-4xl" data-testid="sigils-page">
      <PageTitle subtitle="Seals of power, etched with the event points you earn in the rifts.">
        Sigils
      </PageTitle>
      {!state ? (
        <div className="grid gap-3 @2xl:grid-cols-2" aria-busy="true">
          <div className="skeleton h-24 @2xl:col-span-2" />
          <div className="skeleton h-44" />
          <div className="skeleton h-44" />
        </div>
      ) : (
        <>
          <LevelPanel state={state} />
          <ul className="mt-4 grid gap-3 @2xl:grid-cols-2">
            {state.rows.map((row) => (
              <SigilCard key={row.def.boostId} row={row} state={state} />
            ))}
          </ul>
          <p className="mt-4 text-center text-xs text-ink-faint">
            Every purchase raises the sigil level by one and makes that sigil the active one.
            Equipment sets remember the sigil that was active when they were saved.
          </p>
        </>
      )}
    </div>
  );
}

function LevelPanel({ state }: { state: SigilState }) {
  return (
    <section
      className="panel flex flex-wrap items-center gap-x-6 gap-y-3 px-4 py-4 sm:px-5"
      aria-label="Sigil level"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-14 place-items-center rounded-full border-2 border-gold/50 bg-night-800 text-gold shadow-[0_0_30px_-8px_var(--color-gold)]">
          <SigilSlotIcon className="size-8" />
        </span>
        <div>
          <p className="text-[0.65rem] font-semibold tracking-wider text-ink-faint uppercase">
            Sigil level
          </p>
          <p
            className="font-display text-3xl leading-none font-bold text-gold tabular-nums"
            data-testid="sigil-level"
          >
            {state.level}
          </p>
        </div>
      </div>
      <div className="min-w-48 flex-1">
        <div className="mb-1 flex justify-between gap-2 text-xs text-ink-muted">
          <span>
            Next level: <Num value={state.nextCost} className="font-semibold text-ink" />{" "}
            <span className="rarity-3 font-semibold">Event Points</span>
          </span>
          <span className="tabular-nums">
            Spent <Num value={state.points} />
          </span>
        </div>
        <ProgressBar ratio={state.progress} barClassName="from-gold-dim to-gold" />
      </div>
      <div className="text-right">
        <p className="text-[0.65rem] font-semibold tracking-wider text-ink-faint uppercase">
          You have
        </p>
        <p className="text-lg font-bold tabular-nums">
          <Num
            value={state.eventPoints}
            className={state.affordable ? "rarity-3" : "text-danger"}
          />
        </p>
      </div>
    </section>
  );
}

function valueText(row: SigilRow, value: number): string {
  return `+${formatNumber(value)}${row.percent ? "%" : ""}`;
}

function SigilCard({ row, state }: { row: SigilRow; state: SigilState }) {
  const tone = SIGIL_TONES[row.def.key] ?? SIGIL_TONES.purpose!;
  return (
    <li
      className={cx(
        "panel relative flex flex-col overflow-hidden",
        row.active && cx(tone.ring, "shadow-[0_0_30px_-12px_currentColor]"),
      )}
      data-testid={`sigil-${row.def.key}`}
    >
      <div
        aria-hidden="true"
        className={cx(
          "pointer-events-none absolute inset-0 bg-linear-to-br to-transparent to-55%",
          tone.glow,
          !row.active && "opacity-60",
        )}
      />
      <div className="relative flex items-start gap-3 px-4 pt-4">
        <span
          className={cx(
            "grid size-12 shrink-0 place-items-center rounded-full border-2 bg-night-800",
            tone.ring,
            tone.text,
          )}
        >
          <SigilSlotIcon className="size-7" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="flex flex-wrap items-center gap-2 font-display text-lg font-bold text-ink">
            {row.def.name}
            {row.active ? (
              <span className="rounded border border-gold/60 bg-gold/10 px-1.5 font-sans text-[0.62rem] font-bold tracking-wide text-gold uppercase">
                Active
              </span>
            ) : null}
          </h2>
          <p className="text-xs text-ink-muted">{SIGIL_FLAVOUR[row.def.key]}</p>
        </div>
      </div>
      <dl className="relative mx-4 mt-3 grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-lg border border-edge/60 bg-night-950/50 px-3 py-2">
          <dt className="truncate text-[0.62rem] font-semibold tracking-wider text-ink-faint uppercase">
            {row.boostName} · Lv {state.level}
          </dt>
          <dd className={cx("font-semibold tabular-nums", row.active ? tone.text : "text-ink")}>
            {state.level > 0 ? valueText(row, row.value) : "—"}
          </dd>
        </div>
        <div className="rounded-lg border border-edge/60 bg-night-950/50 px-3 py-2">
          <dt className="truncate text-[0.62rem] font-semibold tracking-wider text-ink-faint uppercase">
            Lv {state.level + 1}
          </dt>
          <dd className="font-semibold text-success tabular-nums">
            {valueText(row, row.nextValue)}
          </dd>
        </div>
      </dl>
      <p className="relative mx-4 mt-2 text-xs text-ink-faint">{row.description}</p>
      <div className="relative mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-edge/70 bg-night-950/40 px-4 py-3">
        <p className="text-sm text-ink-muted">
          <Num
            value={state.nextCost}
            className={cx(
              "font-semibold tabular-nums",
              state.affordable ? "text-ink" : "text-danger",
            )}
          />{" "}
          <span className="rarity-3 text-xs font-semibold">Event Points</span>
        </p>
        <button
          type="button"
          className="btn btn-primary h-9 px-4 py-0 text-sm"
          disabled={!state.affordable}
          title={
            state.affordable
              ? `Buy sigil level ${state.level + 1} and make ${row.def.name} active`
              : "Not enough Event Points."
          }
          onClick={() => send("purchaseSigil", { boost: row.def.boostId })}
        >
          {row.active ? "Level up" : "Purchase"}
        </button>
      </div>
    </li>
  );
}
