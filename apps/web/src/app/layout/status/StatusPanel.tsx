import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import { EventIcon } from "../../../components/icons/placeIcons";
import { ChevronDownIcon } from "../../../components/icons/uiIcons";
import { Num } from "../../../components/Num";
import { cx } from "../../../lib/cx";
import { isBattleAction } from "../../../lib/gameIds";
import type { ShellActions, ShellModel } from "../../shellModel";
import { BattleStatsList } from "./BattleStatsList";
import { CurrencyList } from "./CurrencyList";
import { ResourceList } from "./ResourceList";
import { SkillList } from "./SkillList";
import { StatusIcons } from "./StatusIcons";

export interface StatusPanelProps {
  model: ShellModel | null;
  actions: ShellActions;
}

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="border-t border-edge/70 px-2 pt-3 pb-2">
      {title ? <h2 className="panel-title mb-1.5 px-2">{title}</h2> : null}
      {children}
    </section>
  );
}

/**
 * Left status panel. On narrow screens it folds into a one-line summary that
 * expands on click; from the lg breakpoint it is always open.
 */
export function StatusPanel({ model, actions }: StatusPanelProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  if (!model) {
    return (
      // As tall as the folded card that replaces it on narrow screens (status line, name, the
      // icons row and the currencies: 202 px), so the main view below does not move.
      <div className="panel min-h-[12.625rem] px-4 py-5 text-sm text-ink-muted lg:min-h-0">
        <p className="flex items-center gap-2">
          <span className="size-2 animate-pulse rounded-full bg-primary-bright" />
          Connecting to the spire…
        </p>
      </div>
    );
  }

  const battle = isBattleAction(model.actionType);

  return (
    <div className="panel overflow-hidden">
      <div className="flex items-center justify-between gap-2 px-4 pt-3 text-xs text-ink-muted">
        <span className="flex items-center gap-1.5">
          <span className="size-1.5 rounded-full bg-success shadow-[0_0_6px_var(--color-success)]" />
          Online <Num value={model.onlineCount} className="font-semibold text-ink tabular-nums" />
        </span>
        <span>
          Active <Num value={model.activeCount} className="font-semibold text-ink tabular-nums" />
        </span>
      </div>

      {model.eventBanner ? (
        <Link
          to="/event"
          className="mx-3 mt-3 flex items-center gap-2 rounded-lg border border-gold/40 bg-linear-to-r from-gold/15 to-primary/15 px-3 py-2 text-xs font-semibold text-gold hover:border-gold/70"
        >
          <EventIcon className="size-4 shrink-0 animate-pulse-soft" />
          {model.eventBanner}
        </Link>
      ) : null}

      <div className="flex items-center gap-2 px-4 pt-3 pb-2">
        <Link
          to="/profile"
          data-testid="player-name"
          className="min-w-0 flex-1 truncate font-display text-lg font-bold text-ink hover:text-primary-bright"
        >
          {model.playerName}
        </Link>
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          className="flex items-center gap-1 rounded-md border border-edge px-2 py-1 text-xs text-ink-muted hover:text-ink lg:hidden"
        >
          {open ? "Less" : "Stats"}
          <ChevronDownIcon className={cx("size-3.5 transition-transform", open && "rotate-180")} />
        </button>
      </div>
      <StatusIcons />

      <div className={cx("lg:block", open ? "block" : "hidden")}>
        <Section title="Skills">
          <SkillList skills={model.skills} />
        </Section>
      </div>
      <Section>
        <CurrencyList
          actions={model.actions}
          maxActions={model.maxActions}
          manaDust={model.manaDust}
          elementalShards={model.elementalShards}
          codex={model.codex}
          onRefreshActions={actions.refreshActions}
          onOpenMarket={(lootId) => navigate("/market", { state: { lootID: lootId } })}
        />
      </Section>
      <div className={cx("lg:block", open ? "block" : "hidden")}>
        {battle ? (
          <Section title="Battle Stats">
            <BattleStatsList stats={model.battleStats} />
          </Section>
        ) : (
          <Section title="Resources">
            <ResourceList resources={model.resources} />
          </Section>
        )}
      </div>
    </div>
  );
}
