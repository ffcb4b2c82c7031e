import { boostById, ResearchTab, researchTab } from "@manaspire/game";
import { useEffect, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Num } from "../../components/Num";
import { send, useGameStore } from "../../store/gameStore";
import { dismissPreviews, requestCodexResetPreview } from "../items/itemActions";
import { researchLevel } from "./researchModel";

const NO_BOOSTS: Readonly<Record<number, number>> = {};

/** Codex reset (spec): the server previews the refund, the player confirms, the reset runs. */
export function CodexResetCard() {
  const [open, setOpen] = useState(false);
  return (
    <section className="panel mt-4 flex flex-wrap items-center justify-between gap-3 border-danger/25 px-4 py-3">
      <div className="min-w-0">
        <h3 className="font-display text-sm font-bold text-ink">Codex reset</h3>
        <p className="text-xs text-ink-muted">
          Return every codex spent in this tab (as bound codex) and set these boosts back to 0.
        </p>
      </div>
      <button
        type="button"
        className="btn h-9 border-danger/60 bg-danger/15 py-0"
        onClick={() => setOpen(true)}
      >
        Reset codex…
      </button>
      {open ? <CodexResetDialog onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

function CodexResetDialog({ onClose }: { onClose: () => void }) {
  const preview = useGameStore((s) => s.inventory.codexResetPreview);
  const boosts = useGameStore((s) => s.player?.boosts ?? NO_BOOSTS);

  useEffect(() => {
    requestCodexResetPreview();
    return dismissPreviews;
  }, []);

  const changes = preview
    ? researchTab(ResearchTab.Codex)
        .map((def) => ({
          id: def.boostId,
          name: boostById(def.boostId)?.name ?? `#${def.boostId}`,
          before: researchLevel(boosts, def.boostId),
          after: researchLevel(preview.boosts, def.boostId),
        }))
        .filter((row) => row.before !== row.after)
    : [];
  const nothing = preview !== null && preview.refund <= 0 && changes.length === 0;

  return (
    <Dialog
      open
      title="Reset codex research?"
      confirmLabel="Reset"
      danger
      confirmDisabled={!preview || nothing}
      onCancel={onClose}
      onConfirm={() => {
        if (preview && !nothing && send("codexReset", { confirmed: true })) onClose();
      }}
    >
      {!preview ? (
        <div className="space-y-2 py-1" aria-busy="true">
          <p>Counting your codex…</p>
          <div className="skeleton h-3 w-44" />
        </div>
      ) : nothing ? (
        <p>You have no codex research to reset.</p>
      ) : (
        <div className="space-y-3" data-testid="codex-reset-preview">
          <p>
            You get back <Num value={preview.refund} className="rarity-5 font-semibold" /> Bound
            Codex.
          </p>
          {changes.length > 0 ? (
            <ul className="space-y-0.5 rounded-lg border border-edge/70 bg-night-950/50 px-3 py-2 text-sm">
              {changes.map((row) => (
                <li key={row.id} className="flex justify-between gap-3">
                  <span className="text-ink-muted">{row.name}</span>
                  <span className="tabular-nums">
                    <Num value={row.before} className="text-ink" />{" "}
                    <span className="text-ink-faint">→</span>{" "}
                    <Num value={row.after} className="font-semibold text-danger" />
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
