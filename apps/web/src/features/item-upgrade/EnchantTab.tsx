import { ENCHANT_REAGENT_PER_RANK, lootById, type Wallet } from "@manaspire/game";
import type { Item } from "@manaspire/protocol";
import { useId, useState } from "react";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { parseAmount } from "../../lib/numbers";
import { rarityClass } from "../../lib/rarity";
import { send } from "../../store/gameStore";
import { ItemName } from "../items/ItemCard";
import type { PendingUpgrade } from "./pendingUpgrade";
import { currentEnchant, type EnchantOption, enchantOptions, enchantPrice } from "./upgradeModel";

export interface EnchantTabProps {
  item: Item;
  /** The player's own boosts: enchanting skill ranks are research levels 60-71. */
  boosts: Readonly<Record<number, number>>;
  wallet: Wallet;
  onConfirm: (pending: PendingUpgrade) => void;
  /** Sends the chosen enchant; by default `enchantItem` on the player's own item. */
  enchant?: (skill: number, rank: number) => void;
}

/** The twelve enchants; rank limited by the enchanting skill, the weekly cap and reagents. */
export function EnchantTab({ item, boosts, wallet, onConfirm, enchant }: EnchantTabProps) {
  const options = enchantOptions(item, boosts, wallet, Date.now());
  const [chosenId, setChosenId] = useState<number | null>(
    () => options.find((o) => o.blocked === null)?.def.rankId ?? null,
  );
  const chosen = options.find((o) => o.def.rankId === chosenId) ?? null;
  const on = currentEnchant(item);
  const cap = options[0]?.cap ?? 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-ink-muted">
          Current enchant:{" "}
          {on ? (
            <span className="font-semibold text-primary-bright">
              {on.name} {on.rank}
            </span>
          ) : (
            <span className="text-ink-faint">none</span>
          )}
          <span className="text-ink-faint"> · one enchant per item; a new one replaces it.</span>
        </p>
        <p className="text-xs text-ink-faint">
          Skill cap this week: <span className="font-semibold text-ink">{cap}</span> ·{" "}
          {ENCHANT_REAGENT_PER_RANK} reagents per rank
        </p>
      </div>

      <div className="grid gap-4 @2xl:grid-cols-[minmax(0,1fr)_17rem]">
        <ul className="grid gap-1.5 @lg:grid-cols-2" aria-label="Enchants">
          {options.map((option) => (
            <EnchantChoice
              key={option.def.rankId}
              option={option}
              selected={option.def.rankId === chosenId}
              onSelect={() => setChosenId(option.def.rankId)}
            />
          ))}
        </ul>
        {chosen ? (
          <EnchantForm
            key={`${chosen.def.rankId}:${chosen.current}`}
            item={item}
            option={chosen}
            onConfirm={onConfirm}
            enchant={enchant}
          />
        ) : (
          <p className="panel px-4 py-4 text-sm text-ink-faint">
            Research an enchant (Research → Enchants) to put it on your gear.
          </p>
        )}
      </div>
    </div>
  );
}

function EnchantChoice({
  option,
  selected,
  onSelect,
}: {
  option: EnchantOption;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        data-testid={`enchant-${option.def.rankId}`}
        className={cx(
          "flex w-full items-center justify-between gap-2 rounded-lg border px-3 py-2 text-left transition-colors",
          selected
            ? "border-primary-light bg-primary/15"
            : "border-edge/70 bg-night-950/45 hover:border-edge-bright",
          option.blocked !== null && !selected && "opacity-60",
        )}
      >
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-ink">
            {option.def.name}
            {option.current > 0 ? (
              <span className="ml-1.5 text-xs text-primary-bright">on item: {option.current}</span>
            ) : null}
          </span>
          <span className="block truncate text-[0.7rem] text-ink-faint">
            Skill {option.skill} ·{" "}
            <span className={rarityClass(lootById(option.def.reagent)?.rarity ?? 0)}>
              {option.reagentName}
            </span>{" "}
            <Num value={option.reagentHeld} />
          </span>
        </span>
        <span className="shrink-0 text-right">
          <span className="block text-[0.62rem] tracking-wide text-ink-faint uppercase">Max</span>
          <span className="block font-bold text-ink tabular-nums">{option.maxRank}</span>
        </span>
      </button>
    </li>
  );
}

function EnchantForm({
  item,
  option,
  onConfirm,
  enchant,
}: {
  item: Item;
  option: EnchantOption;
  onConfirm: (pending: PendingUpgrade) => void;
  enchant: ((skill: number, rank: number) => void) | undefined;
}) {
  const minRank = option.current + 1;
  const [text, setText] = useState(() => String(Math.max(minRank, option.maxRank)));
  const id = useId();
  const rank = Math.floor(parseAmount(text));
  const valid = option.blocked === null && rank >= minRank && rank <= option.maxRank;
  const price = valid ? enchantPrice(item, option.def.rankId, rank) : 0;
  const reagentTone = rarityClass(lootById(option.def.reagent)?.rarity ?? 0);

  return (
    <div className="panel flex flex-col gap-3 self-start px-4 py-4" data-testid="enchant-form">
      <div>
        <h3 className="font-display text-base font-bold text-ink">{option.def.name}</h3>
        <p className="text-xs text-ink-muted">
          Your skill {option.skill}, cap {option.cap}.{" "}
          {option.current > 0 ? `Raising from rank ${option.current}.` : null}
        </p>
      </div>
      {option.blocked ? (
        <p className="text-sm text-danger/90">{option.blocked}</p>
      ) : (
        <>
          <div>
            <label htmlFor={id} className="mb-1.5 block text-xs font-semibold text-ink-muted">
              Rank ({minRank}–{option.maxRank})
            </label>
            <div className="flex gap-2">
              <input
                id={id}
                className="field h-9 w-20 py-0 text-center font-semibold tabular-nums"
                inputMode="numeric"
                autoComplete="off"
                value={text}
                aria-invalid={!valid}
                onChange={(event) => setText(event.target.value)}
              />
              <input
                type="range"
                min={minRank}
                max={Math.max(minRank, option.maxRank)}
                value={Math.min(Math.max(rank, minRank), Math.max(minRank, option.maxRank))}
                aria-label="Enchant rank"
                className="min-w-0 flex-1 accent-primary"
                onChange={(event) => setText(event.target.value)}
              />
            </div>
          </div>
          <p className="text-sm text-ink-muted">
            Costs <Num value={price} className="font-semibold text-ink" />{" "}
            <span className={cx("font-semibold", reagentTone)}>{option.reagentName}</span>{" "}
            <span className="text-xs text-ink-faint">
              (have <Num value={option.reagentHeld} />)
            </span>
          </p>
        </>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={!valid}
        onClick={() =>
          onConfirm({
            body: (
              <>
                Enchant <ItemName item={item} /> with{" "}
                <span className="font-semibold text-primary-bright">
                  {option.def.name} {rank}
                </span>{" "}
                for <Num value={price} className="font-semibold text-ink" /> {option.reagentName}?
                {option.current === 0 ? " Any other enchant on the item is replaced." : null}
              </>
            ),
            confirmLabel: "Enchant",
            run: () =>
              enchant
                ? enchant(option.def.rankId, rank)
                : send("enchantItem", { id: item.id, skill: option.def.rankId, rank }),
          })
        }
      >
        Enchant
      </button>
    </div>
  );
}
