import {
  ActionType,
  createRng,
  type GearSlot,
  generateItem,
  maxActions,
  Rarity,
  Zone,
} from "@manaspire/game";
import { PlayerInventory } from "../apps/server/src/world/inventory";
import type { LoadedPlayer } from "../apps/server/src/world/loaded-player";
import { emptyTracker } from "../apps/server/src/world/loot-tracker";
import { emptyDerived } from "../apps/server/src/world/player-view";

/** Slots a bench player has gear in (battle players wear a staff, robe, hat and ring). */
const EQUIPPED_SLOTS: readonly GearSlot[] = [1, 2, 5, 8];
/** Unequipped items in the bag besides. */
const BAG_ITEMS = 4;

/** A few equipped items and a small bag, as after some hours of play. */
export function benchInventory(id: number): PlayerInventory {
  const inventory = new PlayerInventory();
  const rng = createRng(id);
  const rarities = [Rarity.Common, Rarity.Uncommon, Rarity.Rare, Rarity.Epic];
  let next = id * 100;
  const add = (slot: GearSlot, equipped: boolean) => {
    const item = generateItem(
      { slot, rarity: rarities[rng.int(rarities.length)]!, level: 5 + (id % 20), id: next++ },
      rng,
    );
    inventory.add({ item, ownerId: id, borrowerId: null, favorite: false, equipped }, false);
  };
  for (const slot of EQUIPPED_SLOTS) add(slot, true);
  for (let i = 0; i < BAG_ITEMS; i++) add(((i % 8) + 1) as GearSlot, false);
  return inventory;
}

/**
 * A loaded player as the world holds one after some play, battling or gathering; with `gear`
 * (default) it wears four items, carries four more and has the Growth sigil at level 2.
 */
export function benchPlayer(id: number, { gear = true } = {}): LoadedPlayer {
  const gathering = id % 4;
  const player: LoadedPlayer = {
    id,
    accountId: id,
    name: `Bench_${String.fromCharCode(97 + (id % 26))}${String.fromCharCode(97 + ((id / 26) % 26))}`,
    guest: false,
    banned: false,
    role: 0,
    battleXp: 50_000 + (id % 1000) * 100,
    miningXp: 20_000,
    fishingXp: 20_000,
    woodcuttingXp: 20_000,
    zone: id % 3 === 0 ? Zone.SmolderingMarsh : Zone.RadiantGrove,
    enemy: 1 + (id % 20),
    magicType: 1 + (id % 3),
    actionType: gathering === 0 ? ActionType.Mining + (id % 3) : ActionType.Battle,
    actions: 1_000_000,
    kills: 1000,
    deaths: 10,
    currentEnemyKills: 100,
    currentEnemyDeaths: 1,
    battleQuestProgress: 10,
    battleQuestCompleted: 3,
    gatherQuestProgress: 10,
    gatherQuestCompleted: 2,
    actionCounter: 5000,
    boosts: { 3: 40, 4: 40, 5: 30, 6: 30, 7: 35, 105: maxActions({}) > 0 ? 20 : 0 },
    loot: { 1: 1_000_000, 2: 300, 3: 1, 4: 20, 5: 20, 6: 20, 7: 500, 8: 500, 9: 500, 38: 3 },
    preferences: {},
    tracker: emptyTracker(),
    inventory: gear ? benchInventory(id) : new PlayerInventory(),
    sigil: gear ? { points: 3000, active: 103 } : { points: 0, active: 0 },
    title: "",
    titleColor: "",
    highestEnemy: 20,
    dirty: 0,
    credits: null,
    statsVersion: 0,
    busy: 0,
    derived: emptyDerived(),
  };
  player.inventory.bindTo(player);
  return player;
}
