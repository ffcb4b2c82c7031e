import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { ItemLink as ItemTooltipLink } from "../items/ItemTooltip";
import { useItemLookup } from "../items/ItemTooltipBody";
import { handleItemLinkClick } from "./insertItemLink";

/** Shown for a link whose item does not exist (spec 000 section 8). */
export const MISSING_ITEM_TEXT = "[[item??]]";

export interface ChatItemLinkProps {
  id: number | undefined;
  name: string;
  rarity: number | undefined;
}

/**
 * An item link in a chat line: "[Name]" in its rarity colour with the shared item tooltip
 * (features/items: details and the Equipped comparison; the item is asked for with getItem
 * when the tooltip first opens). A missing item shows [[item??]]. Ctrl/Cmd+click puts the
 * same link into the chat input.
 */
export function ChatItemLink({ id, name, rarity }: ChatItemLinkProps) {
  if (id === undefined) return <Missing />;
  return <KnownItemLink id={id} name={name} rarity={rarity ?? 0} />;
}

function Missing() {
  return (
    <span className="font-semibold text-ink-faint" data-testid="chat-item-missing">
      {MISSING_ITEM_TEXT}
    </span>
  );
}

function KnownItemLink({ id, name, rarity }: { id: number; name: string; rarity: number }) {
  const lookup = useItemLookup(id);
  if (lookup.state === "missing") return <Missing />;
  const shown = lookup.state === "found" ? lookup.item : null;
  return (
    <ItemTooltipLink id={id} className="align-baseline">
      <button
        type="button"
        data-testid="chat-item-link"
        onClick={(event) => handleItemLinkClick(event, { id, name: shown?.name ?? name, rarity })}
        className={cx(
          "cursor-pointer font-semibold hover:underline focus-visible:underline",
          rarityClass(shown?.rarity ?? rarity),
        )}
      >
        [{shown?.name ?? name}]
      </button>
    </ItemTooltipLink>
  );
}
