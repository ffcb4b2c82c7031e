import type { Item } from "@manaspire/protocol";
import { useShell } from "../../app/shellContext";
import { EventIcon } from "../../components/icons/placeIcons";
import { cx } from "../../lib/cx";
import type { SiphonResult } from "../../store/slices/events";
import { ItemName } from "../items/ItemCard";
import { formatBoostValue, itemComparison } from "../items/itemModel";
import { OutOfActions } from "../main/OutOfActions";
import { eventActions } from "./eventActions";
import { nextSiphonChance } from "./eventModel";

/**
 * The Rift of Power's join/siphon view (spec 000 sections 2 and 4): ticks remaining, Join,
 * Siphon and Stop; while siphoning each action has a chance of max(10, 100 - 10 x successes)%
 * to apply an Orb of Power to the lowest-quality equipped item. A mage with no actions left is
 * told that nothing is siphoned until they refresh them (issue 31).
 */
export function SiphonView({
  ticks,
  joined,
  siphoning,
  successes,
  siphons,
}: {
  ticks: number;
  joined: boolean;
  siphoning: boolean;
  successes: number;
  siphons: SiphonResult[];
}) {
  const last = siphons[0];
  const { model, actions } = useShell();
  return (
    <div className="space-y-4" data-testid="siphon-view">
      {model && model.actions <= 0 ? (
        <OutOfActions onRefresh={actions.refreshActions}>
          {`Your mage is out of actions (${model.actions} / ${model.maxActions}): nothing is siphoned until you refresh them.`}
        </OutOfActions>
      ) : null}
      <section className="panel relative overflow-hidden px-4 py-4 sm:px-5">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl border border-gold/40 bg-linear-to-br from-primary/40 to-gold/20">
            <EventIcon className={cx("size-7 text-gold", siphoning && "animate-pulse-soft")} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-display text-[0.7rem] font-bold tracking-[0.16em] text-gold uppercase">
              Rift of Power
            </p>
            <h2 className="text-glow text-xl font-bold text-ink" data-testid="siphon-ticks">
              {ticks} ticks remaining
            </h2>
          </div>
          <div className="flex w-full gap-2 sm:w-auto">
            {!joined ? (
              <button
                type="button"
                className="btn btn-ghost border border-edge"
                onClick={eventActions.join}
              >
                Join
              </button>
            ) : null}
            {siphoning ? (
              <button
                type="button"
                className="btn w-full border-danger/60 text-danger sm:w-auto"
                onClick={() => eventActions.siphon(false)}
              >
                Stop siphoning
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary w-full sm:w-auto"
                onClick={() => eventActions.siphon(true)}
              >
                Siphon
              </button>
            )}
          </div>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
          <div className="rounded-lg bg-night-950/50 px-2 py-1.5">
            <dt className="text-[0.62rem] tracking-wider text-ink-faint uppercase">Successes</dt>
            <dd className="font-semibold text-ink tabular-nums" data-testid="siphon-successes">
              {successes}
            </dd>
          </div>
          <div className="rounded-lg bg-night-950/50 px-2 py-1.5">
            <dt className="text-[0.62rem] tracking-wider text-ink-faint uppercase">Next chance</dt>
            <dd className="font-semibold text-ink tabular-nums">{nextSiphonChance(successes)}%</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-ink-muted">
          {siphoning
            ? "Your actions siphon the rift instead of fighting or gathering. A success applies an Orb of Power to your lowest-quality equipped item."
            : "Siphon to spend your actions on the rift: each success applies an Orb of Power to your lowest-quality equipped item."}
        </p>
      </section>
      {last ? <SiphonResultCard result={last} /> : null}
    </div>
  );
}

function SiphonResultCard({ result }: { result: SiphonResult }) {
  const item: Item | undefined = result.item;
  const rows = item
    ? itemComparison(item, { boosts: result.oldBoosts, infusions: item.infusions })
    : [];
  return (
    <section className="panel px-4 py-3" aria-live="polite" data-testid="siphon-result">
      <h2 className="panel-title mb-2">Last siphon</h2>
      {!result.success ? (
        <p className="text-sm text-ink-muted">The siphon failed; the rift's power slipped away.</p>
      ) : item ? (
        <div className="text-sm">
          <p>
            Success! An Orb of Power empowered <ItemName item={item} />.
          </p>
          <ul className="mt-2 space-y-0.5 text-xs">
            {rows.map((r) => (
              <li key={r.id} className="flex justify-between gap-2">
                <span className="text-ink-muted">{r.name}</span>
                <span className="tabular-nums">
                  {formatBoostValue(r, r.equipped, false)} →{" "}
                  <span className={r.delta > 0 ? "text-success" : "text-ink"}>
                    {formatBoostValue(r, r.value, false)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">
          Success, but none of your equipped items could be improved further.
        </p>
      )}
    </section>
  );
}
