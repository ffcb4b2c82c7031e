import { type PetState, type PotionState } from "@manaspire/game";
import { PlayerInventory } from "../apps/server/src/world/inventory";
import type { LoadedPlayer } from "../apps/server/src/world/loaded-player";
/** A few equipped items and a small bag, as after some hours of play. */
export declare function benchInventory(id: number): PlayerInventory;
/**
 * A loaded player as the world holds one after some play, battling or gathering; with `gear`
 * (default) it wears four items, carries four more and has the Growth sigil at level 2.
 * With `dungeons`, it runs small idle dungeons with plenty unlocked (a completion now and then).
 */
export declare function benchPlayer(
  id: number,
  {
    gear,
    companions,
    dungeons,
  }?: {
    gear?: boolean | undefined;
    companions?: boolean | undefined;
    dungeons?: boolean | undefined;
  },
): LoadedPlayer;
/**
 * Two active potions (Wisdom and Resonance, part way through) with more of each in the belt
 * on AutoConsume, so some end and restart during a bench.
 */
export declare function benchPotions(id: number): PotionState;
/** Three active combat pets (Dragon, Golem, Snake) and two gathering pets (Mole, Fox), levels 2-6. */
export declare function benchPets(id: number): PetState;
