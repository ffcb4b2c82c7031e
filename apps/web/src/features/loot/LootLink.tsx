import { hasMarket, lootById, RARITY_NAMES } from "@manaspire/game";
import { Link } from "react-router";
import { Tooltip } from "../../components/Tooltip";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { useTooltipMode } from "../settings/useTooltipMode";

/**
 * A currency or material by name (a chat loot link, a loot line, the loot tracker): its name in
 * its rarity colour, with a tooltip linking to the market (navigation state { lootID }) when it
 * is tradeable (spec 000 section 3). A hover tooltip closes when the pointer leaves the name,
 * so in hover mode the name itself is the market link.
 */
export function LootLink({
  id,
  text,
  className,
}: {
  id: number | undefined;
  text: string;
  className?: string;
}) {
  const mode = useTooltipMode();
  const loot = id === undefined ? undefined : lootById(id);
  if (!loot) return <span className={className}>{text}</span>;
  const market = hasMarket(loot.id) ? { pathname: "/market", state: { lootID: loot.id } } : null;
  const name = (
    <span className={cx("font-semibold", rarityClass(loot.rarity), className)}>{loot.name}</span>
  );
  return (
    <Tooltip
      className={cx("align-baseline", className)}
      panelClassName="min-w-44"
      content={
        <div className="space-y-1.5" data-testid="loot-tooltip">
          <p className={cx("text-sm font-bold", rarityClass(loot.rarity))}>{loot.name}</p>
          <p className="text-ink-faint">{RARITY_NAMES[loot.rarity]}</p>
          {loot.description ? <p className="text-ink-muted">{loot.description}</p> : null}
          {!market ? (
            <p className="text-ink-faint">Cannot be traded.</p>
          ) : mode === "click" ? (
            <Link to={market.pathname} state={market.state} className="link inline-block">
              View on the market
            </Link>
          ) : (
            <p className="text-ink-faint">Click to view it on the market.</p>
          )}
        </div>
      }
    >
      {market && mode === "hover" ? (
        <Link to={market.pathname} state={market.state} className="hover:underline">
          {name}
        </Link>
      ) : (
        name
      )}
    </Tooltip>
  );
}
