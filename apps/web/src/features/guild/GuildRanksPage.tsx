import { GUILD_PERMISSION_NAMES, GuildPermission, lootById } from "@manaspire/game";
import { useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { send, useGameStore } from "../../store/gameStore";
import { can, canSaveRank } from "./guildModel";
import { TaxForm } from "./TaxForm";
import { useGuildPermissions } from "./useGuild";

interface Draft {
  oldId: number;
  id: number;
  name: string;
  permission: number;
}

const EMPTY: Draft = { oldId: 0, id: 0, name: "", permission: 0 };

/**
 * /guild/ranks: every rank with its permissions; with Manage Ranks a form to create or edit
 * one (Save disabled when the id is 0 or less or the name empty) and Delete Rank.
 */
export function GuildRanksPage() {
  const guild = useGameStore((s) => s.guild.guild);
  const mask = useGuildPermissions();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [deleting, setDeleting] = useState<number | null>(null);
  const idId = useId();
  const nameId = useId();
  if (!guild) return null;
  const admin = can(mask, GuildPermission.ManageRanks);
  const taxes = can(mask, GuildPermission.EditTaxes);
  const names = (permission: number) =>
    GUILD_PERMISSION_NAMES.filter((_, bit) => ((permission >>> bit) & 1) === 1);

  return (
    <div className="space-y-4" data-testid="guild-ranks">
      <section className="panel px-4 py-4">
        <h2 className="panel-title mb-2">Ranks</h2>
        <ul className="divide-y divide-edge/60">
          {guild.ranks.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <span className="font-semibold text-ink">
                  {r.id}. {r.name}
                </span>
                <p className="text-xs text-ink-faint">
                  {names(r.permission).join(", ") || "No permissions"}
                </p>
                <p className="text-xs text-ink-muted" data-testid="rank-taxes">
                  Taxes:{" "}
                  {Object.entries(r.tax)
                    .map(([id, v]) => `${v}% ${lootById(Number(id))?.name ?? id}`)
                    .join(", ") || "none"}
                </p>
                {taxes ? (
                  <TaxForm
                    key={JSON.stringify(r.tax)}
                    tax={r.tax}
                    onSave={(rates) => send("setGuildTaxRank", { rank: r.id, taxes: rates })}
                  />
                ) : null}
              </div>
              {admin ? (
                <div className="flex gap-1">
                  <button
                    type="button"
                    className="btn btn-ghost h-7 px-2 text-xs"
                    onClick={() =>
                      setDraft({ oldId: r.id, id: r.id, name: r.name, permission: r.permission })
                    }
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost h-7 px-2 text-xs"
                    onClick={() => setDeleting(r.id)}
                  >
                    Delete
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {admin ? (
        <form
          className="panel space-y-3 px-4 py-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!canSaveRank(draft.id, draft.name)) return;
            send("guildUpdateRank", draft);
            setDraft(EMPTY);
          }}
        >
          <h2 className="panel-title">{draft.oldId > 0 ? "Edit rank" : "New rank"}</h2>
          <div className="flex flex-wrap gap-2">
            <div className="w-24">
              <label htmlFor={idId} className="mb-1.5 block text-xs font-semibold text-ink-muted">
                Id
              </label>
              <input
                id={idId}
                className="field h-10 py-0 text-sm"
                inputMode="numeric"
                value={draft.id || ""}
                onChange={(e) =>
                  setDraft({ ...draft, id: Number(e.target.value.replace(/\D/g, "")) || 0 })
                }
              />
            </div>
            <div className="min-w-40 flex-1">
              <label htmlFor={nameId} className="mb-1.5 block text-xs font-semibold text-ink-muted">
                Name
              </label>
              <input
                id={nameId}
                className="field h-10 py-0 text-sm"
                maxLength={30}
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </div>
          </div>
          <fieldset className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            <legend className="mb-1 text-xs font-semibold text-ink-muted">Permissions</legend>
            {GUILD_PERMISSION_NAMES.map((label, bit) => (
              <label key={label} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={((draft.permission >>> bit) & 1) === 1}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      permission: e.target.checked
                        ? draft.permission | (1 << bit)
                        : draft.permission & ~(1 << bit),
                    })
                  }
                />
                {label}
              </label>
            ))}
          </fieldset>
          <div className="flex gap-2">
            <button
              type="submit"
              className="btn btn-primary h-9 px-4 py-0 text-xs"
              disabled={!canSaveRank(draft.id, draft.name)}
            >
              Save
            </button>
            {draft.oldId > 0 ? (
              <button
                type="button"
                className="btn btn-ghost h-9 px-4 py-0 text-xs"
                onClick={() => setDraft(EMPTY)}
              >
                New rank instead
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      <Dialog
        open={deleting !== null}
        title="Delete Rank"
        danger
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) send("guildDeleteRank", { id: deleting });
          setDeleting(null);
        }}
      >
        <p className="text-sm">Delete rank {guild.ranks.find((r) => r.id === deleting)?.name}?</p>
      </Dialog>
    </div>
  );
}
