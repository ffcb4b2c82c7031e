import { RARITY_NAMES, type Rarity } from "@manaspire/game";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { send, useGameStore } from "../../store/gameStore";
import { SLOTS, slotName } from "../items/itemModel";
import {
  EMPTY_SEARCH,
  type EquipmentSearchForm,
  SEARCH_BOOSTS,
  SEARCH_SKILLS,
  searchProblem,
  searchRequest,
  shownMinQuality,
} from "./equipmentSearchModel";
import { ItemOrderRow } from "./ItemOrderRow";

const RARITIES = Object.keys(RARITY_NAMES)
  .map(Number)
  .filter((r) => r > 0) as Rarity[];

/** The filters of the last search sent, so Load More pages the same query after tab changes. */
let lastSearch: EquipmentSearchForm = EMPTY_SEARCH;

/**
 * The Equipment tab of /market (spec 001 sections 2 and 4): the search form, Search (first
 * page), Load More (the next page after the last listing shown, appended) and Reset (clears the
 * filters and searches again); each listing with its tooltip, seller and price.
 */
export function EquipmentMarket({ playerName, dust }: { playerName: string; dust: number }) {
  const [form, setForm] = useState<EquipmentSearchForm>(lastSearch);
  const results = useGameStore((s) => s.market.itemSearch);
  const connected = useGameStore((s) => s.connection.status === "connected");
  const problem = searchProblem(form);
  const patch = (p: Partial<EquipmentSearchForm>) => setForm((f) => ({ ...f, ...p }));

  const search = (filters: EquipmentSearchForm) => {
    if (searchProblem(filters)) return;
    lastSearch = filters;
    send("listItemOrders", searchRequest(filters));
  };
  // The first page when the tab opens (and again after a reconnect).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening or reconnecting
  useEffect(() => {
    if (connected) search(lastSearch);
  }, [connected]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The form shows what is sent (Min quality 150 is searched, and shown, as 99).
    const sent = { ...form, minQuality: shownMinQuality(form.minQuality) };
    setForm(sent);
    search(sent);
  };
  const last = results.orders[results.orders.length - 1];

  return (
    <div className="space-y-4" data-testid="equipment-market">
      <form
        className="panel space-y-3 px-4 py-4 sm:px-5"
        onSubmit={submit}
        aria-label="Search equipment"
      >
        <div className="grid grid-cols-2 gap-2 @xl:grid-cols-4">
          <Field label="Min level">
            {(id) => (
              <NumberInput id={id} value={form.minLevel} onChange={(v) => patch({ minLevel: v })} />
            )}
          </Field>
          <Field label="Max level">
            {(id) => (
              <NumberInput id={id} value={form.maxLevel} onChange={(v) => patch({ maxLevel: v })} />
            )}
          </Field>
          <Field label="Min quality %">
            {(id) => (
              <NumberInput
                id={id}
                value={form.minQuality}
                placeholder="0-99"
                onChange={(v) => patch({ minQuality: v })}
                onBlur={() => setForm((f) => ({ ...f, minQuality: shownMinQuality(f.minQuality) }))}
              />
            )}
          </Field>
          <Field label="Max price">
            {(id) => (
              <NumberInput id={id} value={form.maxPrice} onChange={(v) => patch({ maxPrice: v })} />
            )}
          </Field>
          <Field label="Slot">
            {(id) => (
              <select
                id={id}
                className="field h-10 py-0 text-sm"
                value={form.slot}
                onChange={(e) => patch({ slot: e.target.value })}
              >
                <option value="">Any slot</option>
                {SLOTS.map((slot) => (
                  <option key={slot} value={slot}>
                    {slotName(slot)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Rarity">
            {(id) => (
              <select
                id={id}
                className="field h-10 py-0 text-sm"
                value={form.rarity}
                onChange={(e) => patch({ rarity: e.target.value })}
              >
                <option value="">Any rarity</option>
                {RARITIES.map((rarity) => (
                  <option key={rarity} value={rarity}>
                    {RARITY_NAMES[rarity]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Skill">
            {(id) => (
              <select
                id={id}
                className="field h-10 py-0 text-sm"
                value={form.skill}
                onChange={(e) => patch({ skill: e.target.value })}
              >
                <option value="">Any skill</option>
                {SEARCH_SKILLS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <label className="flex min-h-10 items-end gap-2 pb-2 text-sm text-ink-muted">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              checked={form.onlyInfused}
              onChange={(e) => patch({ onlyInfused: e.target.checked })}
            />
            Only infused
          </label>
          {(
            [
              ["boost", "Boost"],
              ["secondaryBoost", "Secondary boost"],
              ["thirdBoost", "Third boost"],
            ] as const
          ).map(([key, label]) => (
            <Field
              key={key}
              label={label}
              className={key === "boost" ? "col-span-2 @xl:col-span-1" : ""}
            >
              {(id) => (
                <select
                  id={id}
                  className="field h-10 py-0 text-sm"
                  value={form[key]}
                  onChange={(e) => patch({ [key]: e.target.value })}
                >
                  <option value="">Any</option>
                  {SEARCH_BOOSTS.map((b) => (
                    <option key={b.value} value={b.value}>
                      {b.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="submit"
            className="btn btn-primary min-h-10 px-5"
            disabled={problem !== null}
          >
            Search
          </button>
          <button
            type="button"
            className="btn min-h-10 px-4"
            onClick={() => {
              setForm(EMPTY_SEARCH);
              search(EMPTY_SEARCH);
            }}
          >
            Reset
          </button>
          {problem ? <p className="text-xs text-danger">{problem}</p> : null}
        </div>
      </form>

      <section className="panel overflow-hidden" aria-label="Equipment listings">
        {!results.loaded ? (
          <div className="skeleton m-4 h-24" aria-busy="true" />
        ) : results.orders.length === 0 ? (
          <p className="py-8 text-center text-sm text-ink-faint">No items found.</p>
        ) : (
          <ul className="divide-y divide-edge/60">
            {results.orders.map((order) => (
              <ItemOrderRow
                key={order.id}
                order={order}
                own={order.playerName === playerName}
                dust={dust}
              />
            ))}
          </ul>
        )}
        {results.hasMore && last ? (
          <div className="border-t border-edge/60 p-3 text-center">
            <button
              type="button"
              className="btn min-h-10 px-5"
              onClick={() => send("listItemOrders", searchRequest(lastSearch, last.id))}
            >
              Load More
            </button>
          </div>
        ) : null}
      </section>
      <p className="text-xs text-ink-faint">
        List an item from your inventory with its Sell button. A listed item leaves your inventory
        until it sells or you withdraw it; you buy at the price shown, or not at all.
      </p>
    </div>
  );
}

function Field({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-ink-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function NumberInput({
  id,
  value,
  onChange,
  placeholder,
  onBlur,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  onBlur?: () => void;
}) {
  return (
    <input
      id={id}
      className="field h-10 py-0 text-sm tabular-nums"
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    />
  );
}
