import {
  GuildUpgrade,
  guildEffects,
  RESEARCH_TABS,
  type ResearchTab,
  ResearchTab as Tab,
} from "@manaspire/game";
import { useMemo, useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { createLocalValue, useLocalValue } from "../../lib/localValue";
import { useGameStore } from "../../store/gameStore";
import { Tabs } from "../items/Tabs";
import { CodexResetCard } from "./CodexResetCard";
import { PurchaseDialog } from "./PurchaseDialog";
import { CurrencyStrip, ResearchCard } from "./ResearchCard";
import {
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
  6: "Dungeon upgrades, bought on the dungeon hub.",
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
