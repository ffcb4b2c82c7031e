import type { Item } from "@manaspire/protocol";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DustIcon } from "../../components/icons/uiIcons";
import { cx } from "../../lib/cx";
import { ArmoryDepositButton } from "../guild/ArmoryDeposit";
import { ArrowUpIcon, DisenchantIcon, StarIcon, TransferIcon } from "../items/itemIcons";
import { isBorrowed, slotName } from "../items/itemModel";
import { ItemSummary } from "./ItemSummary";
import { inventoryActions } from "./inventoryActions";
import { canDisenchant, disenchantBlockReason } from "./inventoryModel";

function IconButton({
  label,
  onClick,
  disabled,
  title,
  children,
  tone,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  title?: string;
  children: ReactNode;
  tone?: string;
}) {
  return (
    <button
      type="button"
      className={cx("btn btn-ghost size-8 p-0 text-ink-muted", tone)}
      aria-label={label}
      title={title ?? label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** One item of the inventory list: select box, name, quality and its actions. */
export function ItemRow({
  item,
  selected,
  equipBlocked,
  onToggle,
  onDisenchant,
  onTransfer,
  onSell,
}: {
  item: Item;
  selected: boolean;
  equipBlocked: string | null;
  onToggle: () => void;
  onDisenchant: () => void;
  onTransfer: () => void;
  onSell: () => void;
}) {
  const borrowed = isBorrowed(item);
  const disenchantBlocked = disenchantBlockReason(item);
  return (
    <li
      className={cx(
        "flex flex-wrap items-center gap-x-3 gap-y-1.5 px-4 py-2.5 transition-colors sm:px-5",
        selected ? "bg-primary/10" : "hover:bg-white/[0.025]",
      )}
      data-testid="inventory-item"
      data-item-id={item.id}
      data-boosts={Object.keys(item.boosts).join(",")}
    >
      <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
        <input
          type="checkbox"
          className="size-4 shrink-0 accent-primary"
          checked={selected}
          disabled={!canDisenchant(item)}
          title={disenchantBlocked ?? "Select to disenchant"}
          aria-label={`Select ${item.name}`}
          onChange={onToggle}
        />
        <button
          type="button"
          className={cx(
            "shrink-0 rounded p-0.5 transition-colors",
            item.favorite ? "text-gold" : "text-ink-faint hover:text-gold",
          )}
          aria-label={item.favorite ? `Unfavourite ${item.name}` : `Favourite ${item.name}`}
          aria-pressed={item.favorite}
          title={item.favorite ? "Favourite (never disenchanted)" : "Mark as favourite"}
          onClick={() => inventoryActions.favorite(item)}
        >
          <StarIcon filled={item.favorite} className="size-4" />
        </button>
        <ItemSummary
          item={item}
          iconFromWide
          note={borrowed ? <span className="text-water"> · borrowed</span> : null}
        >
          {equipBlocked ? (
            <p className="truncate text-[0.7rem] text-danger/90" data-testid="equip-blocked">
              {equipBlocked}
            </p>
          ) : null}
        </ItemSummary>
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-0.5">
        <button
          type="button"
          className="btn btn-primary mr-1 h-8 px-3 py-0 text-xs"
          disabled={equipBlocked !== null}
          title={equipBlocked ?? `Equip in the ${slotName(item.slot)} slot`}
          onClick={() => inventoryActions.equip(item)}
        >
          Equip
        </button>
        {borrowed ? (
          <button
            type="button"
            className="btn h-8 px-2.5 py-0 text-xs"
            onClick={() => inventoryActions.returnItem(item)}
          >
            Return
          </button>
        ) : null}
        {item.slot !== 9 ? (
          <Link
            to={`/inventory/${item.id}/upgrade`}
            className="btn btn-ghost size-8 p-0 text-ink-muted"
            aria-label={`Upgrade ${item.name}`}
            title="Upgrade"
          >
            <ArrowUpIcon className="size-4" />
          </Link>
        ) : null}
        <IconButton
          label={`Transfer ${item.name}`}
          title={borrowed ? "Borrowed items cannot be transferred." : "Transfer"}
          disabled={borrowed}
          onClick={onTransfer}
        >
          <TransferIcon className="size-4" />
        </IconButton>
        <IconButton
          label={`Sell ${item.name}`}
          title={borrowed ? "Borrowed items cannot be sold." : "Sell on the equipment market"}
          disabled={borrowed}
          onClick={onSell}
          tone="hover:text-gold"
        >
          <DustIcon className="size-4" />
        </IconButton>
        <ArmoryDepositButton item={item} />
        <IconButton
          label={`Disenchant ${item.name}`}
          title={disenchantBlocked ?? "Disenchant"}
          disabled={disenchantBlocked !== null}
          onClick={onDisenchant}
          tone="hover:text-danger"
        >
          <DisenchantIcon className="size-4" />
        </IconButton>
      </div>
    </li>
  );
}
