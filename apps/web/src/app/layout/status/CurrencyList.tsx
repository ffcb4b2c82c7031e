import { LootId } from "@manaspire/game";
import { ActionsIcon, CodexIcon, DustIcon, ShardIcon } from "../../../components/icons/uiIcons";
import { Num } from "../../../components/Num";
import { cx } from "../../../lib/cx";
import { formatFull } from "../../../lib/numbers";
import type { ShellModel } from "../../shellModel";
import { StatRow } from "./StatRow";

type CurrencyProps = Pick<
  ShellModel,
  "actions" | "maxActions" | "manaDust" | "elementalShards" | "codex"
> & {
  onRefreshActions: () => void;
  /** Opens a currency's market page (those with a market). */
  onOpenMarket?: (lootId: number) => void;
};

/** Actions (click refreshes), Mana Dust (red when negative), Elemental Shards and Codex. */
export function CurrencyList({
  actions,
  maxActions,
  manaDust,
  elementalShards,
  codex,
  onRefreshActions,
  onOpenMarket,
}: CurrencyProps) {
  const lowActions = maxActions > 0 && actions / maxActions < 0.1;
  return (
    <div className="grid grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] gap-x-2 gap-y-0.5 lg:grid-cols-1">
      <StatRow
        label="Actions"
        icon={<ActionsIcon className="size-4" />}
        onClick={onRefreshActions}
        actionLabel="Refresh actions"
        testId="actions-count"
        valueClassName={cx(lowActions && "text-amber-300")}
        value={
          <>
            <Num value={actions} />
            <span className="text-ink-faint"> / </span>
            <Num value={maxActions} />
          </>
        }
      />
      <StatRow
        label="Mana Dust"
        shortLabel="Dust"
        icon={<DustIcon className="size-4" />}
        value={<Num value={manaDust} />}
        valueClassName={manaDust < 0 ? "text-danger" : "text-primary-bright"}
      />
      <StatRow
        label="Elemental Shards"
        shortLabel="Shards"
        icon={<ShardIcon className="size-4" />}
        value={<Num value={elementalShards} />}
        valueClassName="text-sky-300"
        onClick={onOpenMarket ? () => onOpenMarket(LootId.ElementalShards) : undefined}
        actionLabel="Elemental Shards on the market"
      />
      <StatRow
        label="Codex"
        icon={<CodexIcon className="size-4" />}
        value={codex.tradeable + codex.bound}
        valueClassName="text-gold"
        onClick={onOpenMarket ? () => onOpenMarket(LootId.Codex) : undefined}
        actionLabel="Codex on the market"
        tooltip={
          <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-0.5">
            <dt className="text-ink-muted">Tradeable</dt>
            <dd className="text-right tabular-nums">{formatFull(codex.tradeable)}</dd>
            <dt className="text-ink-muted">Bound</dt>
            <dd className="text-right tabular-nums">{formatFull(codex.bound)}</dd>
          </dl>
        }
      />
    </div>
  );
}
