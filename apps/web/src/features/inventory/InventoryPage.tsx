import type { Item } from "@manaspire/protocol";
import { useEffect, useMemo, useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { useGameStore } from "../../store/gameStore";
import { equippedBySlot, skillLevels } from "../items/itemModel";
import { activeSigilSummary } from "../sigils/sigilModel";
import { DisenchantDialog } from "./DisenchantDialog";
import { EquipmentSetsPanel } from "./EquipmentSetsPanel";
import { EquippedPanel } from "./EquippedPanel";
import { ItemsSection } from "./ItemsSection";
import { inventoryActions, requestMissingInventory } from "./inventoryActions";
import { type DisenchantRequest, otherItems, pruneSelection } from "./inventoryModel";
import { OtherItemsSection } from "./OtherItemsSection";
import { SellItemDialog } from "./SellItemDialog";
import { TransferDialog, type TransferTarget } from "./TransferDialog";

/** /inventory: equipped slots, equipment sets, the item list and other items (spec 001). */
export function InventoryPage() {
  const player = useGameStore((s) => s.player);
  const inventory = useGameStore((s) => s.inventory);
  const connected = useGameStore((s) => s.connection.status === "connected");
  const [selectedRaw, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [disenchant, setDisenchant] = useState<DisenchantRequest | null>(null);
  const [transfer, setTransfer] = useState<TransferTarget | null>(null);
  const [selling, setSelling] = useState<Item | null>(null);

  useEffect(() => {
    if (connected) requestMissingInventory();
  }, [connected]);

  const items = inventory.items;
  const selected = pruneSelection(selectedRaw, items);
  const equipped = useMemo(() => equippedBySlot(items), [items]);
  const levels = useMemo(() => skillLevels(player), [player]);
  const loot = useMemo(() => otherItems(player?.loot ?? {}), [player?.loot]);
  const sigil = useMemo(() => activeSigilSummary(player), [player]);

  if (!player || !inventory.loaded) return <InventoryLoading />;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-4" data-testid="inventory-page">
      <PageTitle subtitle="Your gear, your sets, and everything you carry.">Inventory</PageTitle>
      <EquippedPanel equipped={equipped} sigil={sigil} onUnequip={inventoryActions.unequip} />
      <ItemsSection
        items={items}
        levels={levels}
        autoDisenchant={player.preferences.autoDisenchant}
        selected={selected}
        onSelected={setSelected}
        onDisenchant={setDisenchant}
        onTransfer={(item: Item) => setTransfer({ kind: "item", item })}
        onSell={setSelling}
      />
      <div className="grid gap-4 @3xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <EquipmentSetsPanel sets={inventory.equipmentSets} loaded={inventory.setsLoaded} />
        <OtherItemsSection
          loot={loot}
          onTransfer={(entry) => setTransfer({ kind: "loot", loot: entry })}
        />
      </div>

      {disenchant ? (
        <DisenchantDialog
          request={disenchant}
          onClose={() => setDisenchant(null)}
          onDone={() => setSelected(new Set())}
        />
      ) : null}
      {transfer ? <TransferDialog target={transfer} onClose={() => setTransfer(null)} /> : null}
      {selling ? <SellItemDialog item={selling} onClose={() => setSelling(null)} /> : null}
    </div>
  );
}

function InventoryLoading() {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-4" aria-busy="true">
      <PageTitle subtitle="Your gear, your sets, and everything you carry.">Inventory</PageTitle>
      <div className="panel grid grid-cols-2 gap-2 px-4 py-4 @2xl:grid-cols-3">
        {Array.from({ length: 9 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <div key={i} className="skeleton h-16" />
        ))}
      </div>
      <div className="panel space-y-2 px-4 py-4">
        <div className="skeleton h-4 w-40" />
        <div className="skeleton h-10 w-full" />
        <div className="skeleton h-10 w-full" />
      </div>
    </div>
  );
}
