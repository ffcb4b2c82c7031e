import { equipRequirement } from "@manaspire/game";
import type { Item } from "@manaspire/protocol";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Dialog } from "../../components/Dialog";
import { PageTitle } from "../../components/PageTitle";
import { formatPercent } from "../../lib/numbers";
import { send, useGameStore } from "../../store/gameStore";
import { requestMissingInventory } from "../inventory/inventoryActions";
import { ItemCard } from "../items/ItemCard";
import { SlotIcon } from "../items/itemIcons";
import { toRulesItem } from "../items/itemModel";
import { Tabs } from "../items/Tabs";
import { EnchantTab } from "./EnchantTab";
import { HeirloomTab } from "./HeirloomTab";
import type { PendingUpgrade } from "./pendingUpgrade";
import { UpgradesTab } from "./UpgradesTab";
import {
  activeTab,
  currentEnchant,
  type UpgradeTabKey,
  upgradePageState,
  upgradeTabs,
} from "./upgradeModel";

/** /inventory/:itemId/upgrade: orbs, infusion, enchanting and the heirloom conversion. */
export function ItemUpgradePage() {
  const { itemId } = useParams();
  const items = useGameStore((s) => s.inventory.items);
  const loaded = useGameStore((s) => s.inventory.loaded);
  const connected = useGameStore((s) => s.connection.status === "connected");
  const state = upgradePageState(itemId, items, loaded);

  useEffect(() => {
    if (connected) requestMissingInventory();
  }, [connected]);

  return (
    <div className="mx-auto w-full max-w-4xl" data-testid="upgrade-page">
      <Link
        to="/inventory"
        className="mb-2 inline-flex items-center gap-1 text-sm font-semibold text-ink-muted hover:text-ink"
      >
        <span aria-hidden="true">←</span> Inventory
      </Link>
      {state.kind === "loading" ? (
        <UpgradeLoading />
      ) : state.kind === "notFound" ? (
        <Problem title="Item not found">
          This item is not in your inventory. It may have been disenchanted, sold or sent away.
        </Problem>
      ) : state.kind === "unknownSlot" ? (
        <Problem title="Unknown item slot">
          {state.item.name} sits in a slot this version does not know (slot {state.item.slot}).
        </Problem>
      ) : state.kind === "sigil" ? (
        <>
          <PageTitle subtitle="Sigils are levelled with event points, not orbs.">Upgrade</PageTitle>
          <div className="panel px-4 py-4 sm:px-5">
            <ItemCard item={state.item} />
            <p className="mt-3 text-sm text-ink-muted">
              Sigils cannot be upgraded or enchanted.{" "}
              <Link to="/sigils" className="link">
                Go to Sigils
              </Link>
            </p>
          </div>
        </>
      ) : (
        <UpgradeScreen item={state.item} />
      )}
    </div>
  );
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="panel mt-2 px-6 py-12 text-center" role="alert">
      <p className="font-display text-xl font-bold text-ink">{title}</p>
      <p className="mt-2 text-sm text-ink-muted">{children}</p>
      <Link to="/inventory" className="btn btn-primary mt-5">
        Back to inventory
      </Link>
    </div>
  );
}

function UpgradeLoading() {
  return (
    <div className="space-y-4" aria-busy="true">
      <div className="skeleton h-8 w-48" />
      <div className="panel space-y-2 px-5 py-5">
        <div className="skeleton h-4 w-56" />
        <div className="skeleton h-3 w-40" />
        <div className="skeleton h-3 w-64" />
      </div>
    </div>
  );
}

function UpgradeScreen({ item }: { item: Item }) {
  const player = useGameStore((s) => s.player);
  const percentiles = useGameStore((s) => s.inventory.percentiles[item.id]);
  const connected = useGameStore((s) => s.connection.status === "connected");
  const [params, setParams] = useSearchParams();
  const [pending, setPending] = useState<PendingUpgrade | null>(null);
  const tabs = upgradeTabs(item);
  const tab = activeTab(tabs, params.get("tab"));
  const enchant = currentEnchant(item);

  // Percentiles change with every reroll: ask again whenever the rolls may have moved.
  const { id, quality, rarity } = item;
  // biome-ignore lint/correctness/useExhaustiveDependencies: quality and rarity change with the rolls
  useEffect(() => {
    if (connected) send("getItemPercentiles", { id });
  }, [connected, id, quality, rarity]);

  const selectTab = (key: UpgradeTabKey) =>
    setParams(key === "upgrades" ? {} : { tab: key }, { replace: true });

  return (
    <>
      <PageTitle subtitle="Orbs reroll, infusions empower, enchants add a lasting effect.">
        Upgrade
      </PageTitle>

      <section
        className="panel mb-5 grid gap-4 px-4 py-4 sm:px-5 @2xl:grid-cols-[minmax(0,1fr)_14rem]"
        aria-label="Item"
      >
        <div className="flex min-w-0 gap-3">
          <span className="hidden size-12 shrink-0 place-items-center rounded-xl border border-edge-bright bg-night-700 text-gold min-[420px]:grid">
            <SlotIcon itemSlot={item.slot} className="size-6" />
          </span>
          <ItemCard item={item} percentiles={percentiles} className="flex-1" />
        </div>
        <dl className="grid grid-cols-2 gap-2 self-start text-sm @2xl:grid-cols-1">
          <Fact label="Upgrade chance" hint="Chance an Orb of Power improves a roll">
            <span data-testid="upgrade-chance">{formatPercent(item.upgradeChance)}</span>
          </Fact>
          <Fact label="Infusion">
            <span data-testid="infusion-tier">{item.infusions}</span> / 99
          </Fact>
          <Fact label="Enchant">
            {enchant ? (
              `${enchant.name} ${enchant.rank}`
            ) : (
              <span className="text-ink-faint">None</span>
            )}
          </Fact>
          <Fact label="Requires">{requirementText(item)}</Fact>
        </dl>
      </section>

      <Tabs
        tabs={tabs}
        active={tab}
        onSelect={selectTab}
        label="Upgrade options"
        idBase="upgrade"
      />
      <div
        id="upgrade-panel"
        role="tabpanel"
        aria-labelledby={`upgrade-tab-${tab}`}
        className="pt-4"
      >
        {tab === "upgrades" ? (
          <UpgradesTab item={item} wallet={player?.loot ?? {}} onConfirm={setPending} />
        ) : tab === "enchant" ? (
          <EnchantTab
            item={item}
            boosts={player?.boosts ?? {}}
            wallet={player?.loot ?? {}}
            onConfirm={setPending}
          />
        ) : (
          <HeirloomTab item={item} wallet={player?.loot ?? {}} />
        )}
      </div>

      <Dialog
        open={pending !== null}
        title={pending?.title ?? "Confirm upgrade"}
        confirmLabel={pending?.confirmLabel ?? "OK"}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          pending?.run();
          setPending(null);
        }}
      >
        {pending?.body}
      </Dialog>
    </>
  );
}

function requirementText(item: Item): string {
  const req = equipRequirement(toRulesItem(item));
  if (req === null) return "No level";
  return `${req.kind === "battle" ? "Battle" : "Gathering"} Lv ${req.level}`;
}

function Fact({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-edge/60 bg-night-950/45 px-3 py-2" title={hint}>
      <dt className="text-[0.65rem] font-semibold tracking-wider text-ink-faint uppercase">
        {label}
      </dt>
      <dd className="mt-0.5 font-semibold text-ink tabular-nums">{children}</dd>
    </div>
  );
}
