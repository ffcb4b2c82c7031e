import type { Rarity, SkillLevels } from "@manaspire/game";
import type { Item } from "@manaspire/protocol";
import { type ReactNode, useId, useMemo, useState } from "react";
import { cx } from "../../lib/cx";
import { parseAmount } from "../../lib/numbers";
import { ArrowUpIcon, DisenchantIcon } from "../items/itemIcons";
import { equipBlockReason, rarityLabel, SLOTS, slotName } from "../items/itemModel";
import { ItemRow } from "./ItemRow";
import { inventoryActions } from "./inventoryActions";
import {
  AUTO_DISENCHANT_OPTIONS,
  DEFAULT_FILTER,
  DISENCHANT_RARITIES,
  type DisenchantRequest,
  type ItemFilter,
  SORT_OPTIONS,
  type SortKey,
  selectableIds,
  toggleSelection,
  visibleItems,
} from "./inventoryModel";

const RARITY_FILTERS: readonly Rarity[] = [1, 2, 3, 4, 5, 6, 7];

export interface ItemsSectionProps {
  items: Readonly<Record<number, Item>>;
  levels: SkillLevels;
  autoDisenchant: number;
  selected: ReadonlySet<number>;
  onSelected: (next: ReadonlySet<number>) => void;
  onDisenchant: (request: DisenchantRequest) => void;
  onTransfer: (item: Item) => void;
  onSell: (item: Item) => void;
}

/** The unequipped items: filters and sorting, per-item actions, bulk disenchanting. */
export function ItemsSection({
  items,
  levels,
  autoDisenchant,
  selected,
  onSelected,
  onDisenchant,
  onTransfer,
  onSell,
}: ItemsSectionProps) {
  const [filter, setFilter] = useState<ItemFilter>(DEFAULT_FILTER);
  const [minLevelText, setMinLevelText] = useState("");
  const [bulkRarity, setBulkRarity] = useState<Rarity>(1);
  const list = useMemo(() => visibleItems(items, filter), [items, filter]);
  const total = Object.values(items).filter((item) => !item.isEquipped).length;
  const patch = (p: Partial<ItemFilter>) => setFilter((f) => ({ ...f, ...p }));
  const selectable = selectableIds(list);
  const allSelected = selectable.length > 0 && selectable.every((id) => selected.has(id));
  const filtered =
    filter.slot !== 0 ||
    filter.rarity >= 0 ||
    filter.minLevel > 0 ||
    filter.favoritesOnly ||
    filter.search.trim() !== "";

  return (
    <section aria-labelledby="items-title" className="panel overflow-hidden">
      <div className="flex flex-wrap items-baseline justify-between gap-2 px-4 pt-4 sm:px-5">
        <h2 id="items-title" className="panel-title">
          Items
        </h2>
        <span className="text-xs text-ink-faint tabular-nums" data-testid="items-count">
          {list.length === total ? `${total}` : `${list.length} of ${total}`}{" "}
          {total === 1 ? "item" : "items"}
        </span>
      </div>

      <div className="grid grid-cols-2 gap-2 px-4 pt-3 sm:px-5 @xl:grid-cols-4">
        <input
          className="field col-span-2 py-1.5 text-sm"
          type="search"
          placeholder="Search by name"
          aria-label="Search items by name"
          value={filter.search}
          onChange={(event) => patch({ search: event.target.value })}
        />
        <Select
          label="Slot"
          value={String(filter.slot)}
          onChange={(v) => patch({ slot: Number(v) })}
        >
          <option value="0">All slots</option>
          {SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {slotName(slot)}
            </option>
          ))}
        </Select>
        <Select
          label="Rarity"
          value={String(filter.rarity)}
          onChange={(v) => patch({ rarity: Number(v) })}
        >
          <option value="-1">All rarities</option>
          {RARITY_FILTERS.map((rarity) => (
            <option key={rarity} value={rarity}>
              {rarityLabel(rarity)}
            </option>
          ))}
        </Select>
        <input
          className="field py-1.5 text-sm tabular-nums"
          inputMode="numeric"
          placeholder="Min level"
          aria-label="Minimum level"
          value={minLevelText}
          onChange={(event) => {
            setMinLevelText(event.target.value);
            patch({ minLevel: Math.max(0, Math.floor(parseAmount(event.target.value))) });
          }}
        />
        <div className="flex gap-1">
          <Select
            label="Sort by"
            value={filter.sort}
            onChange={(v) => patch({ sort: v as SortKey })}
            className="min-w-0 flex-1"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </Select>
          <button
            type="button"
            className="btn size-9 shrink-0 p-0"
            onClick={() => patch({ descending: !filter.descending })}
            aria-label={filter.descending ? "Sorted descending" : "Sorted ascending"}
            title={filter.descending ? "Descending" : "Ascending"}
          >
            <ArrowUpIcon
              className={cx("size-4 transition-transform", filter.descending && "rotate-180")}
            />
          </button>
        </div>
        <label className="col-span-2 flex items-center gap-2 text-sm text-ink-muted @xl:col-span-1">
          <input
            type="checkbox"
            className="size-4 accent-gold"
            checked={filter.favoritesOnly}
            onChange={(event) => patch({ favoritesOnly: event.target.checked })}
          />
          Favourites only
        </label>
        {filtered ? (
          <button
            type="button"
            className="btn btn-ghost col-span-2 h-9 py-0 text-xs text-ink-muted @xl:col-span-1"
            onClick={() => {
              setFilter((f) => ({ ...DEFAULT_FILTER, sort: f.sort, descending: f.descending }));
              setMinLevelText("");
            }}
          >
            Clear filters
          </button>
        ) : null}
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 border-y border-edge/70 bg-night-950/40 px-4 py-2 text-sm sm:px-5">
        <label className="flex items-center gap-2 text-ink-muted">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={allSelected}
            disabled={selectable.length === 0}
            onChange={() =>
              onSelected(allSelected ? new Set() : new Set([...selected, ...selectable]))
            }
          />
          <span>Select all</span>
        </label>
        {selected.size > 0 ? (
          <>
            <span className="text-xs font-semibold text-gold tabular-nums">
              {selected.size} selected
            </span>
            <button
              type="button"
              className="btn h-8 border-danger/60 bg-danger/15 px-3 py-0 text-xs"
              onClick={() => onDisenchant({ kind: "many", ids: [...selected] })}
            >
              <DisenchantIcon className="size-3.5" />
              Disenchant selected
            </button>
            <button
              type="button"
              className="btn btn-ghost h-8 px-2 py-0 text-xs text-ink-muted"
              onClick={() => onSelected(new Set())}
            >
              Clear
            </button>
          </>
        ) : (
          <span className="text-xs text-ink-faint">Tick items to disenchant several at once.</span>
        )}
      </div>

      {list.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-ink-faint sm:px-5" data-testid="no-items">
          No items found.
        </p>
      ) : (
        <ul className="divide-y divide-edge/50" aria-label="Inventory items">
          {list.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              selected={selected.has(item.id)}
              equipBlocked={equipBlockReason(item, levels)}
              onToggle={() => onSelected(toggleSelection(selected, item))}
              onDisenchant={() => onDisenchant({ kind: "one", id: item.id })}
              onTransfer={() => onTransfer(item)}
              onSell={() => onSell(item)}
            />
          ))}
        </ul>
      )}

      <div className="divide-y divide-edge/50 border-t border-edge/70 bg-night-950/30 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-2.5 sm:px-5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-ink-muted">Disenchant every</span>
            <Select
              label="Rarity to disenchant"
              value={String(bulkRarity)}
              onChange={(v) => setBulkRarity(Number(v) as Rarity)}
              className="w-32"
            >
              {DISENCHANT_RARITIES.map((rarity) => (
                <option key={rarity} value={rarity}>
                  {rarityLabel(rarity)}
                </option>
              ))}
            </Select>
            <span className="text-ink-muted">item and below</span>
          </div>
          <button
            type="button"
            className="btn h-9 border-danger/50 px-3 py-0 text-xs"
            onClick={() => onDisenchant({ kind: "rarity", rarity: bulkRarity })}
          >
            <DisenchantIcon className="size-3.5" />
            Disenchant…
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-2.5 sm:px-5">
          <span className="text-ink-muted">
            Auto-disenchant new drops
            <span className="block text-[0.7rem] text-ink-faint">
              Favourites are never disenchanted.
            </span>
          </span>
          <Select
            label="Auto-disenchant"
            value={String(autoDisenchant)}
            onChange={(v) => inventoryActions.setAutoDisenchant(Number(v) as 0 | 1 | 2 | 3)}
            className="w-48"
            testId="auto-disenchant"
          >
            {AUTO_DISENCHANT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </section>
  );
}

function Select({
  label,
  value,
  onChange,
  children,
  className,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    // relative: the visually hidden label stays inside (it once stretched the page on phones).
    <span className={cx("relative block", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        className="field h-9 py-0 pr-7 text-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </span>
  );
}
