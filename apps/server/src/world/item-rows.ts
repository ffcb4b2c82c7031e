import {
  type Element,
  type GatherActionType,
  type Item,
  type Rarity,
  type Slot,
  upgradeChance,
} from "@manaspire/game";
import type { Item as WireItem } from "@manaspire/protocol";
import type { ItemRow, NewItemRow } from "../db/schema";
import { compactMap, sharedName } from "./compact-item";
import type { OwnedItem } from "./inventory";

/** The protocol's limit on an item name. */
const MAX_NAME = 100;

/**
 * A stored row as the server's item, compact (`compact-item.ts`). jsonb keys come back as
 * strings; values that are not finite numbers are dropped.
 */
export function fromItemRow(row: Omit<ItemRow, "createdAt">): OwnedItem {
  const item: Item = {
    id: row.id,
    name: sharedName(row.name),
    level: row.level,
    rarity: row.rarity as Rarity,
    slot: row.slot as Slot,
    boosts: compactMap(row.boosts),
    rolls: compactMap(row.rolls),
    infusions: row.infusions,
    quality: row.quality,
    ...(row.element !== null ? { element: row.element as Element } : {}),
    ...(row.skill !== null ? { skill: row.skill as GatherActionType } : {}),
  };
  return {
    item,
    ownerId: row.ownerId,
    borrowerId: row.borrowerId,
    favorite: row.favorite,
    equipped: row.equipped,
  };
}

/** The row the flush or a transfer writes. */
export function toItemRow(o: OwnedItem): NewItemRow & { id: number } {
  const { item } = o;
  return {
    id: item.id,
    ownerId: o.ownerId,
    borrowerId: o.borrowerId,
    name: item.name,
    level: item.level,
    rarity: item.rarity,
    slot: item.slot,
    boosts: { ...item.boosts },
    rolls: { ...item.rolls },
    infusions: item.infusions,
    quality: item.quality,
    element: item.element ?? null,
    skill: item.skill ?? null,
    favorite: o.favorite,
    equipped: o.equipped,
  };
}

/**
 * The wire record (spec "Item"), with upgradeChance. `borrowerName` is the holder's name while
 * the item is lent (on the owner's copy and on the borrower's own).
 */
export function toWireItem(o: OwnedItem, borrowerName?: string): WireItem {
  const { item } = o;
  const wire: WireItem = {
    id: item.id,
    name: item.name.slice(0, MAX_NAME),
    level: item.level,
    rarity: item.rarity,
    slot: item.slot,
    boosts: item.boosts as Record<number, number>,
    favorite: o.favorite,
    infusions: item.infusions,
    quality: item.quality,
    isEquipped: o.equipped,
    upgradeChance: upgradeChance(item),
  };
  if (borrowerName !== undefined) wire.borrowerName = borrowerName;
  if (item.element !== undefined) wire.element = item.element;
  if (item.skill !== undefined) wire.skill = item.skill;
  return wire;
}
