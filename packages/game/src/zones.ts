/** Battle zones and gathering zones (spec section 2, Town screen). */
import { ActionType, type GatherActionType, Zone } from "./enums";
import { LootId } from "./loot";

export interface ZoneDef {
  readonly id: Zone;
  /** snake_case key from the spec's Zones enumeration. */
  readonly key: string;
  readonly name: string;
  /** "Beginner" / "Intermediate" for the two lower zones. */
  readonly label: string | undefined;
  /** Number of named enemies, or null for the three top zones (numeric strength input). */
  readonly enemyCount: number | null;
  /** Name stem of the numbered enemies of a top zone, e.g. "Worldshaper 1234". */
  readonly enemyBaseName: string | undefined;
}

export const ZONES: readonly ZoneDef[] = [
  {
    id: Zone.RadiantGrove,
    key: "radiant_grove",
    name: "Radiant Grove",
    label: "Beginner",
    enemyCount: 30,
    enemyBaseName: undefined,
  },
  {
    id: Zone.SmolderingMarsh,
    key: "smoldering_marsh",
    name: "The Smoldering Marsh",
    label: "Intermediate",
    enemyCount: 70,
    enemyBaseName: undefined,
  },
  {
    id: Zone.WorldshapersDomain,
    key: "worldshapers_domain",
    name: "Worldshaper's Domain",
    label: undefined,
    enemyCount: null,
    enemyBaseName: "Worldshaper",
  },
  {
    id: Zone.MaelstromsEye,
    key: "maelstroms_eye",
    name: "Maelstrom's Eye",
    label: undefined,
    enemyCount: null,
    enemyBaseName: "Worlddrowner",
  },
  {
    id: Zone.BlazingCore,
    key: "blazing_core",
    name: "Blazing Core",
    label: undefined,
    enemyCount: null,
    enemyBaseName: "Worldburner",
  },
];

/** The default zone of a new player (spec: Zone default Radiant Grove). */
export const DEFAULT_ZONE: Zone = Zone.RadiantGrove;

export function zoneById(id: number): ZoneDef | undefined {
  return ZONES[id - 1]?.id === id ? ZONES[id - 1] : undefined;
}

export function isZone(id: unknown): id is Zone {
  return typeof id === "number" && zoneById(id) !== undefined;
}

/** Worldshaper's Domain, Maelstrom's Eye and Blazing Core: numbered enemies, free strength. */
export function isTopZone(id: number): boolean {
  return id === Zone.WorldshapersDomain || id === Zone.MaelstromsEye || id === Zone.BlazingCore;
}

export interface GatheringZoneDef {
  readonly key: string;
  readonly name: string;
  readonly action: GatherActionType;
  /** Loot id of the resource gathered there (iron, fish, wood). */
  readonly resource: LootId;
  readonly resourceName: string;
}

export const GATHERING_ZONES: readonly GatheringZoneDef[] = [
  {
    key: "ironclad_mines",
    name: "Ironclad Mines",
    action: ActionType.Mining,
    resource: LootId.Iron,
    resourceName: "Iron",
  },
  {
    key: "azure_lake",
    name: "Azure Lake",
    action: ActionType.Fishing,
    resource: LootId.Fish,
    resourceName: "Fish",
  },
  {
    key: "elderwood_grove",
    name: "Elderwood Grove",
    action: ActionType.Woodcutting,
    resource: LootId.Wood,
    resourceName: "Wood",
  },
];

export function gatheringZoneFor(action: number): GatheringZoneDef | undefined {
  return GATHERING_ZONES.find((z) => z.action === action);
}
