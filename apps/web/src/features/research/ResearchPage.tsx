import {
  GuildUpgrade,
  guildEffects,
  lootById,
  RESEARCH_TABS,
  type ResearchTab,
  ResearchTab as Tab,
} from "@manaspire/game";
import { useMemo, useState } from "react";
import { Num } from "../../components/Num";
import { PageTitle } from "../../components/PageTitle";
import { cx } from "../../lib/cx";
import { createLocalValue, useLocalValue } from "../../lib/localValue";
import { rarityClass } from "../../lib/rarity";
import { useGameStore } from "../../store/gameStore";
import { Tabs } from "../items/Tabs";
import { CodexResetCard } from "./CodexResetCard";
import { PurchaseDialog } from "./PurchaseDialog";
import {
  capText,
  knownTab,
  RESEARCH_TAB_KEY,
  type ResearchRow,
  researchRows,
  researchTabCodec,
} from "./researchModel";

/** The last research tab opened (spec: remembered locally). */
const lastTab = createLocalValue<number>(RESEARCH_TAB_KEY, researchTabCodec);

const TAB_BLURB: Record<ResearchTab, string> = {
  1: "Raw spellpower and ward, bought with mana dust.",
  2: "Masteries, spell ranks and combat boosts from essences, tomes and shards.",
  3: "Enchanting skills, learned from formulas. Capped by the weekly enchanting cap.",
  4: "Better yields and faster gathering, paid in the resources themselves.",
  5: "Permanent boosts paid with codex (bound codex first). A reset refunds them all.",
};

/** /research: five tabs of permanent boosts (spec 001), the last tab remembered. */
export function ResearchPage() {
  const player = useGameStore((s) => s.player);
  const tab = knownTab(useLocalValue(lastTab));
  const [buying, setBuying] = useState<ResearchRow | null>(null);
  const boosts = player?.boosts;
  const loot = player?.loot;
  // The guild's Ethereal Refinery lowers the farm buildings' costs (the server prices alike).
  const refinery = useGameStore((s) => s.guild.guild?.upgrades[GuildUpgrade.EtherealRefinery]);
  const buildingCost = guildEffects(
    { [GuildUpgrade.EtherealRefinery]: refinery ?? 0 },
    0,
  ).buildingCost;
  const rows = useMemo(
    () => (boosts && loot ? researchRows(tab, boosts, loot, Date.now(), buildingCost) : []),
    [tab, boosts, loot, buildingCost],
  );
  const current = buying ? (rows.find((r) => r.def.boostId === buying.def.boostId) ?? null) : null;

  return (
    <div className="mx-auto w-full max-w-4xl" data-testid="research-page">
      <PageTitle subtitle="Permanent power for your mage, one level at a time.">Research</PageTitle>
      <Tabs
        tabs={RESEARCH_TABS.map((t) => ({ key: t.id, label: t.name }))}
        active={tab}
        onSelect={(key) => lastTab.set(key)}
        label="Research categories"
        idBase="research"
      />
      <div
        id="research-panel"
        role="tabpanel"
        aria-labelledby={`research-tab-${tab}`}
        className="pt-4"
      >
        <p className="mb-3 text-sm text-ink-muted">{TAB_BLURB[tab]}</p>
        {!player ? (
          <div className="space-y-2" aria-busy="true">
            <div className="skeleton h-16 w-full" />
            <div className="skeleton h-16 w-full" />
          </div>
        ) : (
          <>
            <CurrencyStrip rows={rows} wallet={player.loot} />
            <ul className="grid gap-2 @2xl:grid-cols-2" aria-label="Research">
              {rows.map((row) => (
                <ResearchCard key={row.def.boostId} row={row} onBuy={() => setBuying(row)} />
              ))}
            </ul>
            {tab === Tab.Codex ? <CodexResetCard /> : null}
          </>
        )}
      </div>
      {current && player ? (
        <PurchaseDialog row={current} wallet={player.loot} onClose={() => setBuying(null)} />
      ) : null}
    </div>
  );
}

/** What the tab's research is paid with, and how much of it the player holds. */
function CurrencyStrip({
  rows,
  wallet,
}: {
  rows: readonly ResearchRow[];
  wallet: Readonly<Record<number, number>>;
}) {
  const ids = [...new Set(rows.flatMap((row) => row.def.payWith))];
  return (
    <ul className="mb-3 flex flex-wrap gap-1.5" aria-label="Your currencies">
      {ids.map((id) => {
        const def = lootById(id);
        return (
          <li
            key={id}
            className="inline-flex items-center gap-1.5 rounded-md border border-edge/70 bg-night-950/50 px-2 py-0.5 text-xs"
          >
            <span className={cx("font-semibold", rarityClass(def?.rarity ?? 0))}>
              {def?.name ?? `Loot #${id}`}
            </span>
            <Num value={wallet[id] ?? 0} className="font-semibold text-ink tabular-nums" />
          </li>
        );
      })}
    </ul>
  );
}

function ResearchCard({ row, onBuy }: { row: ResearchRow; onBuy: () => void }) {
  const affordable = row.max > 0;
  const currency = lootById(row.def.currency);
  const capped = Number.isFinite(row.cap);
  return (
    <li className="panel flex flex-col gap-2 px-4 py-3" data-testid={`research-${row.def.boostId}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-display text-sm font-bold text-ink">{row.name}</h3>
          <p className="text-xs text-ink-muted">{row.description}</p>
          {row.costFactor < 1 ? (
            <p className="text-xs text-gold" data-testid="research-guild-discount">
              Guild Ethereal Refinery: −{Math.round((1 - row.costFactor) * 100)}% cost
            </p>
          ) : null}
        </div>
        <div className="shrink-0 text-right">
          <p className="text-[0.62rem] font-semibold tracking-wider text-ink-faint uppercase">
            Level
          </p>
          <p className="font-bold text-gold tabular-nums" data-testid="research-level">
            <Num value={row.level} />
            {capped ? (
              <span className="text-xs font-semibold text-ink-faint"> / {capText(row.cap)}</span>
            ) : null}
          </p>
        </div>
      </div>
      {capped ? (
        <div className="h-1 overflow-hidden rounded-full bg-night-950/80" aria-hidden="true">
          <div
            className="h-full rounded-full bg-linear-to-r from-gold-dim to-gold"
            style={{ width: `${Math.min(100, (row.level / row.cap) * 100)}%` }}
          />
        </div>
      ) : null}
      <div className="mt-auto flex items-center justify-between gap-3 pt-1">
        {row.atCap ? (
          <p className="text-xs font-semibold text-gold">Maximum level reached</p>
        ) : (
          <p className="min-w-0 text-xs text-ink-muted">
            Next:{" "}
            <Num
              value={row.nextCost}
              className={cx("font-semibold tabular-nums", affordable ? "text-ink" : "text-danger")}
            />{" "}
            <span className={cx("font-semibold", rarityClass(currency?.rarity ?? 0))}>
              {row.currencyName}
            </span>
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary h-8 shrink-0 px-3 py-0 text-xs"
          disabled={row.atCap}
          onClick={onBuy}
        >
          Buy
        </button>
      </div>
    </li>
  );
}
