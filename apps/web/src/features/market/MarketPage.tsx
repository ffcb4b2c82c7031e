import { LootId, lootById, MARKET_CATEGORIES, MarketSide } from "@manaspire/game";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { Num } from "../../components/Num";
import { PageTitle } from "../../components/PageTitle";
import { cx } from "../../lib/cx";
import { createLocalValue, useLocalValue } from "../../lib/localValue";
import { rarityClass } from "../../lib/rarity";
import { useGameStore } from "../../store/gameStore";
import { Tabs } from "../items/Tabs";
import { EquipmentMarket } from "./EquipmentMarket";
import { EQUIPMENT_TAB } from "./equipmentSearchModel";
import { MerchantPanel } from "./MerchantPanel";
import { useBook, useMyOrders } from "./marketActions";
import {
  isItemlessTab,
  MARKET_SELECTION_KEY,
  MARKET_TABS,
  MERCHANT_TAB,
  selectionCodec,
  selectionFor,
  selectTab,
} from "./marketModel";
import { OrderBook } from "./OrderBook";
import { OrderForm, type OrderFormState } from "./OrderForm";
import { PriceHistory } from "./PriceHistory";

/** The last category and item (spec: remembered locally). */
const lastSelection = createLocalValue(MARKET_SELECTION_KEY, selectionCodec);

/**
 * /market (spec 001 section 2, issue 9): category tabs of the catalogue's items plus the
 * merchant; for the chosen item its order form, order book and price history. Route state
 * `{lootID}` (a chat loot link, a currency's market link) preselects the item.
 */
export function MarketPage() {
  const location = useLocation();
  const remembered = useLocalValue(lastSelection);
  const routeLoot = (location.state as { lootID?: unknown } | null)?.lootID;
  // The route's item wins once, when the page opens with it.
  useEffect(() => {
    if (routeLoot !== undefined) lastSelection.set(selectionFor(routeLoot, lastSelection.get()));
  }, [routeLoot]);
  const selection = routeLoot !== undefined ? selectionFor(routeLoot, remembered) : remembered;
  const player = useGameStore((s) => s.player);
  const merchant = selection.tab === MERCHANT_TAB;
  const lootId = isItemlessTab(selection.tab) ? null : selection.lootId;
  useBook(lootId);
  useMyOrders();

  return (
    <div className="mx-auto w-full max-w-5xl" data-testid="market-page">
      <PageTitle
        subtitle={
          <>
            Trade resources and equipment with other mages; prices are in Mana Dust.{" "}
            <Link to="/market/my-orders" className="link font-semibold">
              My orders
            </Link>
          </>
        }
      >
        Market
      </PageTitle>
      <Tabs
        tabs={MARKET_TABS.map((t) => ({ key: t.key, label: t.name }))}
        active={selection.tab}
        onSelect={(tab) => lastSelection.set(selectTab(tab, remembered))}
        label="Market categories"
        idBase="market"
        wrap
      />
      <div
        id="market-panel"
        role="tabpanel"
        aria-labelledby={`market-tab-${selection.tab}`}
        className="pt-4"
      >
        {!player ? (
          <div className="skeleton h-40 w-full" aria-busy="true" />
        ) : merchant ? (
          <MerchantPanel loot={player.loot} boosts={player.boosts} />
        ) : selection.tab === EQUIPMENT_TAB ? (
          <EquipmentMarket playerName={player.name} dust={player.loot[LootId.ManaDust] ?? 0} />
        ) : (
          <ItemMarket
            key={selection.lootId}
            tab={selection.tab}
            lootId={selection.lootId}
            playerId={player.id}
            loot={player.loot}
            onPick={(id) => lastSelection.set({ tab: selection.tab, lootId: id })}
          />
        )}
      </div>
    </div>
  );
}

/** The items of a category, then the chosen one's form, book and history. */
function ItemMarket({
  tab,
  lootId,
  playerId,
  loot,
  onPick,
}: {
  tab: string;
  lootId: number;
  playerId: number;
  loot: Readonly<Record<number, number>>;
  onPick: (lootId: number) => void;
}) {
  const category = MARKET_CATEGORIES.find((c) => c.key === tab);
  const book = useGameStore((s) => s.market.books[lootId]);
  const [form, setForm] = useState<OrderFormState>({
    side: MarketSide.Buy,
    quantity: "",
    price: "",
  });
  const best = {
    buy: book?.buy.find((o) => o.playerId !== playerId)?.unitPrice,
    sell: book?.sell.find((o) => o.playerId !== playerId)?.unitPrice,
  };
  return (
    <div className="space-y-4">
      <ul className="flex flex-wrap gap-1.5" aria-label={`${category?.name ?? ""} items`}>
        {category?.lootIds.map((id) => {
          const def = lootById(id);
          const selected = id === lootId;
          return (
            <li key={id}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onPick(id)}
                className={cx(
                  "flex min-h-11 items-center gap-2 rounded-lg border px-3 py-1.5 text-sm",
                  selected ? "border-gold/70 bg-gold/10" : "border-edge hover:border-edge-bright",
                )}
              >
                <span className={cx("font-semibold", rarityClass(def?.rarity ?? 0))}>
                  {def?.name}
                </span>
                <Num value={loot[id] ?? 0} className="text-xs text-ink-muted tabular-nums" />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <OrderForm lootId={lootId} loot={loot} form={form} onChange={setForm} bestPrice={best} />
        <OrderBook
          lootId={lootId}
          book={book}
          playerId={playerId}
          held={loot[lootId] ?? 0}
          onPickPrice={(price, side) =>
            setForm({
              ...form,
              price: String(price),
              side: side === MarketSide.Sell ? MarketSide.Buy : MarketSide.Sell,
            })
          }
        />
      </div>
      <PriceHistory lootId={lootId} />
      <p className="text-xs text-ink-faint">
        One open order per item. After cancelling, a new order on that item waits 10 minutes unless
        it beats the best price by 1% or the cancelled order was over an hour old. You hold{" "}
        <Num value={loot[LootId.ManaDust] ?? 0} className="font-semibold text-ink" /> Mana Dust.
      </p>
    </div>
  );
}
