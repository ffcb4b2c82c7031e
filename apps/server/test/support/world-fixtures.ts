import {
  ActionType,
  createRng,
  type DungeonState,
  emptyDungeon,
  emptyPets,
  emptyPotions,
  type GearSlot,
  generateItem,
  maxActions,
  type PetState,
  type PotionState,
  Rarity,
  Size,
  Zone,
} from "@manaspire/game";
import type { WebSocket } from "ws";
import { PlayerInventory } from "../../src/world/inventory";
import type { LoadedPlayer } from "../../src/world/loaded-player";
import { emptyDerived, emptyTracker } from "../../src/world/loaded-player-parts";
import { cleanMask } from "../../src/world/player-columns";

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
 * With `dungeons`, it runs small idle dungeons with plenty unlocked (a completion now and then).
 */
export function benchPlayer(
  id: number,
  { gear = true, companions = false, dungeons = false } = {},
): LoadedPlayer {
  const gathering = id % 4;
  // Every field in one literal written out: V8 keeps the numbers unboxed in the object, as the
  // bench's figures since issue 1 assume (a new column of a part goes here too).
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
    gatherActions: 0,
    eventActions: 0,
    potionsBrewed: 0,
    boosts: {
      3: 40,
      4: 40,
      5: 30,
      6: 30,
      7: 35,
      105: maxActions({}) > 0 ? 20 : 0,
      ...(dungeons ? { 140: 1000, 141: 100 } : ({} as Record<number, number>)),
    },
    loot: { 1: 1_000_000, 2: 300, 3: 1, 4: 20, 5: 20, 6: 20, 7: 500, 8: 500, 9: 500, 38: 3 },
    preferences: {},
    tracker: emptyTracker(),
    inventory: gear ? benchInventory(id) : new PlayerInventory(),
    sigil: gear ? { points: 3000, active: 103 } : { points: 0, active: 0 },
    title: "",
    titleColor: "",
    qolEnd: 0,
    highestEnemy: 20,
    farmHarvestAt: 0,
    farmHarvested: 0,
    potions: companions ? benchPotions(id) : emptyPotions(),
    pets: companions ? benchPets(id) : emptyPets(),
    dungeon: dungeons ? benchDungeon(id) : emptyDungeon(),
    companionVersion: 0,
    dirty: cleanMask(),
    credits: null,
    guildTax: null,
    guildXp: null,
    referrerId: null,
    referralShards: 0,
    event: null,
    eventShare: null,
    guild: null,
    taxes: {},
    statsVersion: 0,
    busy: 0,
    derived: emptyDerived(),
  };
  player.inventory.bindTo(player);
  return player;
}

/**
 * Two active potions (Wisdom and Resonance, part way through) with more of each in the belt
 * on AutoConsume, so some end and restart during a bench.
 */
export function benchPotions(id: number): PotionState {
  return {
    active: [
      { boost: 120, tier: 5, ticks: 1 + (id % 1200) },
      { boost: 122, tier: 3, ticks: 1 + ((id * 7) % 1200) },
    ],
    belt: [
      { boost: 120, tier: 5, amount: 5, autoConsume: true },
      { boost: 122, tier: 3, amount: 5, autoConsume: true },
    ],
  };
}

/** Three active combat pets (Dragon, Golem, Snake) and two gathering pets (Mole, Fox), levels 2-6. */
export function benchPets(id: number): PetState {
  const pet = (type: number, active: boolean) => ({
    type,
    name: "",
    skin: 0,
    active,
    level: 2 + ((id + type) % 5),
    xp: (id % 100) * 10_000,
  });
  return {
    pets: [pet(4, true), pet(3, true), pet(6, true), pet(14, true), pet(20, true), pet(11, false)],
    dungeonSkin: null,
    skins: [],
  };
}

/** Small idle dungeons, 1,000 unlocked, Idle speed 100 (a completion every 200 actions). */
function benchDungeon(id: number): DungeonState {
  const d = emptyDungeon();
  d.idleSize = Size.Small;
  d.idleTicks = id % 200;
  return d;
}

/** A socket that takes every frame and drops it (a watched player of a world without network). */
export function fakeSocket(): WebSocket {
  return {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send() {},
    terminate() {},
  } as unknown as WebSocket;
}
