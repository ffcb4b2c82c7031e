/** A dungeon played by hand (/dungeon): what changed from its generated map. */
import type { DungeonSize } from "./rules";

export interface DungeonRun {
  /** The map's seed (dungeons/map.ts generates the same map from it). */
  seed: number;
  size: DungeonSize;
  /** Speedrun mode: no treasure, not counted, only the time recorded. */
  speedrun: boolean;
  startedAt: number;
  x: number;
  y: number;
  /** Room flags that differ from the generated map (chest opened, occupant gone), by cell. */
  flags: Record<number, number>;
  /** Health left of wounded knights, by cell. */
  wounds: Record<number, number>;
  /** Cells discovered, in the order found. */
  discovered: number[];
  /** Keys held (1-36). */
  keys: number[];
  /** Treasure picked up so far: granted when leaving through the exit, lost when abandoning. */
  loot: Record<number, number>;
  movedAt: number;
  interactedAt: number;
}
