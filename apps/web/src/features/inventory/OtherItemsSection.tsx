import { Link } from "react-router";
import { MarketIcon } from "../../components/icons/placeIcons";
import { Num } from "../../components/Num";
import { Tooltip } from "../../components/Tooltip";
import { cx } from "../../lib/cx";
import { formatFull } from "../../lib/numbers";
import { rarityClass, rarityName } from "../../lib/rarity";
import { TransferIcon } from "../items/itemIcons";
import type { OtherItem } from "./inventoryModel";

/** Market link for a material: /market with the loot id as navigation state (spec). */
function MarketLink({ loot, className }: { loot: OtherItem; className?: string }) {
  return (
    <Link
      to="/market"
      state={{ lootID: loot.id }}
      className={className}
      aria-label={`${loot.name} on the market`}
      title="Open on the market"
    >
      <MarketIcon className="size-4" />
    </Link>
  );
}

function OtherItemTooltip({ loot }: { loot: OtherItem }) {
  return (
    <div className="w-56 space-y-1.5">
      <p className={cx("text-sm font-semibold", rarityClass(loot.rarity))}>{loot.name}</p>
      <p className="text-[0.7rem] text-ink-faint">
        {rarityName(loot.rarity)} material · held{" "}
        <span className="text-ink tabular-nums">{formatFull(loot.amount)}</span>
      </p>
      {loot.description ? <p className="text-ink-muted">{loot.description}</p> : null}
      {loot.market ? (
        <Link
          to="/market"
          state={{ lootID: loot.id }}
          className="link inline-flex items-center gap-1 text-xs font-semibold"
        >
          <MarketIcon className="size-3.5" /> View on the market
        </Link>
      ) : loot.tradeable ? (
        <p className="text-[0.7rem] text-ink-faint italic">
          Market prices are in {loot.name}; it can be sent to other players.
        </p>
      ) : (
        <p className="text-[0.7rem] text-ink-faint italic">Cannot be traded.</p>
      )}
    </div>
  );
}

/** Currencies and materials (player.loot) in their rarity colours, with market and transfer. */
export function OtherItemsSection({
  loot,
  onTransfer,
}: {
  loot: OtherItem[];
  onTransfer: (loot: OtherItem) => void;
}) {
  return (
    <section aria-labelledby="other-title" className="panel px-4 py-4 sm:px-5">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="other-title" className="panel-title">
          Other Items
        </h2>
        <span className="text-xs text-ink-faint">Currencies and materials</span>
      </div>
      {loot.length === 0 ? (
        <p className="text-sm text-ink-faint">No items found.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-1.5 min-[420px]:grid-cols-2 @6xl:grid-cols-3">
          {loot.map((entry) => (
            <li
              key={entry.id}
              data-testid={`other-item-${entry.id}`}
              className="flex items-center gap-2 rounded-lg border border-edge/70 bg-night-950/45 py-1 pr-1 pl-3"
            >
              <Tooltip content={<OtherItemTooltip loot={entry} />} className="min-w-0 flex-1" block>
                <button
                  type="button"
                  className="flex w-full min-w-0 cursor-help items-baseline justify-between gap-2 text-left text-sm"
                >
                  <span className={cx("truncate font-semibold", rarityClass(entry.rarity))}>
                    {entry.name}
                  </span>
                  <Num
                    value={entry.amount}
                    className={cx(
                      "shrink-0 font-semibold tabular-nums",
                      entry.amount < 0 ? "text-danger" : "text-ink",
                    )}
                  />
                </button>
              </Tooltip>
              {entry.tradeable ? (
                <span className="flex shrink-0 items-center">
                  {entry.market ? (
                    <MarketLink
                      loot={entry}
                      className="btn btn-ghost size-7 p-0 text-ink-faint hover:text-gold"
                    />
                  ) : (
                    <span className="size-7" />
                  )}
                  <button
                    type="button"
                    className="btn btn-ghost size-7 p-0 text-ink-faint"
                    aria-label={`Transfer ${entry.name}`}
                    title="Transfer"
                    disabled={entry.amount <= 0}
                    onClick={() => onTransfer(entry)}
                  >
                    <TransferIcon className="size-4" />
                  </button>
                </span>
              ) : (
                <span className="w-14 shrink-0" aria-hidden="true" />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
