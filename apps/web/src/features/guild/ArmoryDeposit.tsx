import { canDepositToArmory, depositRefusal } from "@manaspire/game";
import type { Item } from "@manaspire/protocol";
import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { GuildIcon } from "../../components/icons/placeIcons";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { send, useGameStore } from "../../store/gameStore";
import { isBorrowed, rarityLabel, slotName } from "../items/itemModel";
import { useGuildPermissions } from "./useGuild";

/** The 'Deposit item' confirmation (spec 001 section 8): the item becomes the guild's. */
export function DepositItemDialog({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const armory = useGameStore((s) => s.guild.armory);
  return (
    <Dialog
      open={item !== null}
      title="Deposit item"
      confirmLabel="Deposit"
      onCancel={onClose}
      onConfirm={() => {
        if (item) send("guildArmoryDeposit", { itemId: item.id });
        onClose();
      }}
    >
      {item ? (
        <div className="space-y-2" data-testid="deposit-dialog">
          <p>
            Deposit{" "}
            <span className={cx("font-semibold", rarityClass(item.rarity))}>{item.name}</span> (
            {rarityLabel(item.rarity)} {slotName(item.slot)}, level {item.level}) in the guild
            armory?
          </p>
          <p className="text-xs text-ink-faint">
            It becomes the guild's: members with Borrow Items may borrow it, and only members with
            Retrieve Items can take it out again.
            {armory ? ` The armory holds ${armory.length} items.` : ""}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * The inventory row's "Deposit to guild armory" action: shown to members with Donate Items,
 * disabled (with the reason) for equipped and borrowed items.
 */
export function ArmoryDepositButton({ item }: { item: Item }) {
  const mask = useGuildPermissions();
  const [open, setOpen] = useState(false);
  if (!canDepositToArmory(mask)) return null;
  const refusal = depositRefusal({
    name: item.name,
    equipped: item.isEquipped,
    borrowed: isBorrowed(item),
  });
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost size-8 p-0 text-ink-muted hover:text-gold"
        aria-label={`Deposit ${item.name} to guild armory`}
        title={refusal ?? "Deposit to guild armory"}
        disabled={refusal !== null}
        onClick={() => setOpen(true)}
      >
        <GuildIcon className="size-4" />
      </button>
      <DepositItemDialog item={open ? item : null} onClose={() => setOpen(false)} />
    </>
  );
}
