import {
  armoryActions,
  canDepositToArmory,
  GUILD_PERMISSION_NAMES,
  GuildPermission,
  guildArmoryCapacity,
} from "@manaspire/game";
import type { Item } from "@manaspire/protocol";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { Dialog } from "../../components/Dialog";
import { ProgressBar } from "../../components/ProgressBar";
import { cx } from "../../lib/cx";
import { send, useGameStore } from "../../store/gameStore";
import { ItemSummary } from "../inventory/ItemSummary";
import { ItemLink } from "../items/ItemTooltip";
import { isBorrowed, rarityLabel, slotName } from "../items/itemModel";
import { Tabs } from "../items/Tabs";
import { DepositItemDialog } from "./ArmoryDeposit";
import { type ArmoryView, armoryCounts, armoryItems, depositableItems } from "./armoryModel";
import { can } from "./guildModel";
import { useGuildPermissions } from "./useGuild";

const ARMORY_BITS = [
  GuildPermission.DonateItems,
  GuildPermission.BorrowItems,
  GuildPermission.RetrieveItems,
  GuildPermission.RevokeItems,
] as const;

/**
 * /guild/armory (spec 001 sections 2, 6, 9): the guild's shared equipment with who borrowed
 * what, capacity used of 200 + 50 per Cloakroom level, and the actions the player's rank
 * allows: Deposit (Donate Items, 'Deposit item'), Borrow, Withdraw (Retrieve Items), Revoke,
 * and Return for the player's own loans. Asked again whenever the guild changes.
 */
export function GuildArmoryPage() {
  const guild = useGameStore((s) => s.guild.guild);
  const armory = useGameStore((s) => s.guild.armory);
  const inventory = useGameStore((s) => s.inventory.items);
  const me = useGameStore((s) => s.player?.name ?? "");
  const connected = useGameStore((s) => s.connection.status === "connected");
  const mask = useGuildPermissions();
  const [view, setView] = useState<ArmoryView>("all");
  const [search, setSearch] = useState("");
  const [picking, setPicking] = useState(false);
  const [depositing, setDepositing] = useState<Item | null>(null);

  // Every guild change (a member borrowed, deposited, was kicked…) is pushed as `guild`.
  useEffect(() => {
    if (connected && guild) send("refreshGuildArmory", {});
  }, [connected, guild]);

  const items = armory ?? [];
  const shown = useMemo(() => armoryItems(items, view, search), [items, view, search]);
  if (!guild) return null;
  const counts = armoryCounts(items);
  const capacity = guildArmoryCapacity(guild.upgrades);
  const mayDeposit = canDepositToArmory(mask);
  const allowed = ARMORY_BITS.filter((b) => can(mask, b)).map((b) => GUILD_PERMISSION_NAMES[b]);

  return (
    <section className="panel space-y-3 px-4 py-4" data-testid="guild-armory">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 className="panel-title">Armory</h2>
          <p className="text-xs text-ink-muted" data-testid="armory-capacity">
            <span className="tabular-nums">
              {counts.all.toLocaleString("en")} / {capacity.toLocaleString("en")}
            </span>{" "}
            items · {counts.lent} on loan
          </p>
        </div>
        {mayDeposit ? (
          <button
            type="button"
            className="btn btn-primary h-8 px-3 py-0 text-xs"
            onClick={() => setPicking(true)}
          >
            Deposit an item
          </button>
        ) : null}
      </div>
      <ProgressBar
        ratio={capacity > 0 ? counts.all / capacity : 0}
        barClassName={counts.all >= capacity ? "from-danger to-danger" : undefined}
      />
      <p className="text-xs text-ink-faint">
        {allowed.length > 0
          ? `Your rank may: ${allowed.join(", ")}.`
          : "Your rank may look at the armory only."}{" "}
        Borrowed items show in the borrower's inventory; they can be worn, not sold or changed.
        Cloakroom upgrades add 50 slots each.
      </p>
      <Tabs
        tabs={[
          { key: "all", label: `All (${counts.all})` },
          { key: "available", label: `Available (${counts.available})` },
          { key: "lent", label: `On loan (${counts.lent})` },
        ]}
        active={view}
        onSelect={setView}
        label="Armory items"
        idBase="armory"
      />
      <div id="armory-panel" role="tabpanel" aria-labelledby={`armory-tab-${view}`}>
        <input
          type="search"
          className="field mb-2 h-8 w-full max-w-xs py-0 text-sm"
          placeholder="Search by name"
          aria-label="Search the armory"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {armory === null ? (
          <div className="skeleton h-24 w-full" aria-busy="true" />
        ) : shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-ink-muted" data-testid="armory-empty">
            {items.length === 0
              ? "The armory is empty. Members with Donate Items deposit equipment here, also from the inventory."
              : "No items found."}
          </p>
        ) : (
          <ul className="divide-y divide-edge/60">
            {shown.map((item) => (
              <ArmoryRow key={item.id} item={item} mask={mask} me={me} />
            ))}
          </ul>
        )}
      </div>

      <Dialog open={picking} title="Deposit an item" onCancel={() => setPicking(false)}>
        <DepositPicker
          items={depositableItems(inventory)}
          onPick={(item) => {
            setPicking(false);
            setDepositing(item);
          }}
        />
      </Dialog>
      <DepositItemDialog item={depositing} onClose={() => setDepositing(null)} />
    </section>
  );
}

function ArmoryRow({ item, mask, me }: { item: Item; mask: number | undefined; me: string }) {
  const actions = armoryActions(mask, { borrowerName: item.borrowerName }, me);
  const lent = isBorrowed(item);
  const button = (label: string, onClick: () => void, primary = false) => (
    <button
      type="button"
      className={cx("btn h-8 px-3 py-0 text-xs", primary ? "btn-primary" : "btn-ghost")}
      aria-label={`${label} ${item.name}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 py-2.5"
      data-testid="armory-item"
      data-item-id={item.id}
    >
      <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
        <ItemSummary item={item}>
          <p className="truncate text-[0.7rem]" data-testid="armory-status">
            {lent ? (
              <span className="text-water">
                On loan to{" "}
                {actions.giveBack ? (
                  "you"
                ) : (
                  <Link className="underline" to={`/profile/${item.borrowerName}`}>
                    {item.borrowerName}
                  </Link>
                )}
              </span>
            ) : (
              <span className="text-ink-muted">In the armory</span>
            )}
          </p>
        </ItemSummary>
      </div>
      <div className="ml-auto flex shrink-0 flex-wrap items-center gap-1">
        {actions.borrow
          ? button("Borrow", () => send("guildArmoryBorrow", { itemId: item.id }), true)
          : null}
        {actions.retrieve
          ? button("Withdraw", () => send("guildArmoryWithdraw", { itemId: item.id }))
          : null}
        {actions.revoke
          ? button("Revoke", () => send("guildArmoryRevoke", { itemId: item.id }))
          : null}
        {actions.giveBack ? button("Return", () => send("returnItem", { id: item.id })) : null}
      </div>
    </li>
  );
}

function DepositPicker({ items, onPick }: { items: Item[]; onPick: (item: Item) => void }) {
  if (items.length === 0) {
    return <p>Nothing to deposit: equipped and borrowed items stay with you.</p>;
  }
  return (
    <ul
      className="-mx-1 max-h-[50vh] divide-y divide-edge/60 overflow-y-auto"
      data-testid="deposit-picker"
    >
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-2 px-1 py-1.5">
          <div className="min-w-0 flex-1">
            <ItemLink id={item.id} snapshot={item} className="max-w-full text-sm" />
            <p className="truncate text-[0.7rem] text-ink-faint">
              {rarityLabel(item.rarity)} {slotName(item.slot)} · Lv {item.level}
            </p>
          </div>
          <button
            type="button"
            className="btn btn-ghost h-7 px-2 text-xs"
            aria-label={`Choose ${item.name}`}
            onClick={() => onPick(item)}
          >
            Choose
          </button>
        </li>
      ))}
    </ul>
  );
}
