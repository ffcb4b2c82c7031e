import type { LootTrackerEntry } from "@manaspire/protocol";
import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Num } from "../../components/Num";
import { PageTitle } from "../../components/PageTitle";
import { Tooltip } from "../../components/Tooltip";
import { ConnectionLostOverlay } from "../../features/connection/ConnectionLostOverlay";
import { VersionReloadPrompt } from "../../features/connection/VersionReloadPrompt";
import { pushToast } from "../../features/toasts/toastStore";
import { RARITY_NAMES, rarityClass } from "../../lib/rarity";
import { DevShellProvider } from "../DevShellProvider";
import { LootTrackerPanel } from "../layout/LootTrackerPanel";
import { StatusPanel } from "../layout/status/StatusPanel";
import { useShell } from "../shellContext";

const SAMPLE_TRACKER: LootTrackerEntry[] = Array.from({ length: 200 }, (_, i) => ({
  timestamp: Date.UTC(2025, 0, 1, 12, 0, 0) - i * 3000,
  lootId: [2, 4, 5, 6, 13, 35, 38, 44, 49][i % 9],
  amount: (i % 7) + 1,
}));

const CHANNELS = ["general", "trade", "help", "guild", "global", "whispers", "notifications"];

/** Dev-only showcase of the shared UI pieces (route /dev-ui, not in production builds). */
export function DevUiPage() {
  const [dialog, setDialog] = useState(false);
  const [overlay, setOverlay] = useState<"none" | "lost" | "version">("none");
  let toastCount = 0;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle subtitle="Shared components, for development only.">UI Kit</PageTitle>

      <section className="panel space-y-3 p-4">
        <h2 className="panel-title">Buttons and overlays</h2>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" onClick={() => setDialog(true)}>
            Open dialog
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => pushToast(`Toast number ${++toastCount}: you found 3 Iron.`)}
          >
            Push toast
          </button>
          <button type="button" className="btn" onClick={() => setOverlay("lost")}>
            Connection lost
          </button>
          <button type="button" className="btn" onClick={() => setOverlay("version")}>
            Version prompt
          </button>
        </div>
      </section>

      <section className="panel space-y-2 p-4">
        <h2 className="panel-title">Rarities</h2>
        <p className="flex flex-wrap gap-x-4 gap-y-1 font-semibold">
          {RARITY_NAMES.map((name, rarity) => (
            <span key={name} className={rarityClass(rarity)}>
              {name}
            </span>
          ))}
        </p>
      </section>

      <section className="panel space-y-2 p-4">
        <h2 className="panel-title">Chat channels</h2>
        <p className="flex flex-wrap gap-x-4 gap-y-1 font-semibold">
          {CHANNELS.map((channel) => (
            <span key={channel} className={`chan-${channel} capitalize`}>
              [{channel}]
            </span>
          ))}
        </p>
      </section>

      <section className="panel space-y-2 p-4">
        <h2 className="panel-title">Numbers and tooltips</h2>
        <p className="flex flex-wrap gap-4">
          {[950, 9999.5, 12_345, 1_500_000, 2.5e12, 7.77e33].map((value) => (
            <Num key={value} value={value} />
          ))}
        </p>
        <Tooltip content="Tooltips open after 700 ms, or on click in click mode.">
          <span className="link">Hover me</span>
        </Tooltip>
      </section>

      <section className="space-y-2">
        <h2 className="panel-title">Loot tracker (200 sample entries)</h2>
        <div className="h-80 max-w-72">
          <LootTrackerPanel entries={SAMPLE_TRACKER} onClear={() => pushToast("Cleared (dev).")} />
        </div>
      </section>

      <section className="space-y-2">
        <h2 className="panel-title">Status panel (fixture)</h2>
        <DevShellProvider>
          <FixtureStatusPanel />
        </DevShellProvider>
      </section>

      <Dialog
        open={dialog}
        title="Disenchant item?"
        onCancel={() => setDialog(false)}
        onConfirm={() => setDialog(false)}
      >
        This will turn the item into dust. This cannot be undone.
      </Dialog>
      {overlay === "lost" ? (
        <ConnectionLostOverlay reason="Server restarting" reconnecting />
      ) : null}
      {overlay === "version" ? <VersionReloadPrompt onReload={() => setOverlay("none")} /> : null}
    </div>
  );
}

/** The status panel on the dev fixture, to try every shell interaction without a server. */
function FixtureStatusPanel() {
  const { model, actions } = useShell();
  return (
    <div className="max-w-72">
      <StatusPanel model={model} actions={actions} />
    </div>
  );
}
