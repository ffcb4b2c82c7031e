import { useSearchParams } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { Tabs } from "../items/Tabs";
import { FarmTab } from "./FarmTab";
import { PotionsTab } from "./PotionsTab";

type FarmTabKey = "farm" | "potions";

/** /farm: the herb farm and the potions brewed from it (spec 001 section 2: tabs farm and potions). */
export function FarmPage() {
  const [params, setParams] = useSearchParams();
  const tab: FarmTabKey = params.get("tab") === "potions" ? "potions" : "farm";
  return (
    <div className="mx-auto w-full max-w-4xl" data-testid="farm-page">
      <PageTitle subtitle="Grow herbs, brew potions, and drink them while you play.">
        Farm
      </PageTitle>
      <Tabs
        tabs={[
          { key: "farm", label: "Farm" },
          { key: "potions", label: "Potions" },
        ]}
        active={tab}
        onSelect={(key) => setParams(key === "farm" ? {} : { tab: key }, { replace: true })}
        label="Farm sections"
        idBase="farm"
      />
      <div id="farm-panel" role="tabpanel" aria-labelledby={`farm-tab-${tab}`} className="pt-4">
        {tab === "farm" ? <FarmTab /> : <PotionsTab />}
      </div>
    </div>
  );
}
