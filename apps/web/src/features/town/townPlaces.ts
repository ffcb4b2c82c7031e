import {
  ActionType,
  type GatherActionType,
  GATHERING_ZONES as RULES_GATHERING_ZONES,
  ZONES,
  Zone,
} from "@manaspire/game";

/** Town hub content (spec 000 "Town screen", spec 001 section 2). */

export type PlaceArt =
  | "grove"
  | "marsh"
  | "shaper"
  | "maelstrom"
  | "core"
  | "mine"
  | "lake"
  | "wood";

export interface BattleZone {
  id: Zone;
  name: string;
  /** Difficulty tag shown with the name. */
  tier: string;
  description: string;
  art: PlaceArt;
}

export interface GatheringZone {
  actionType: GatherActionType;
  name: string;
  skill: string;
  description: string;
  art: PlaceArt;
}

export type OtherPlaceIcon =
  | "farm"
  | "market"
  | "guild"
  | "dungeon"
  | "rankings"
  | "rules"
  | "news";

export interface OtherPlace {
  name: string;
  to: string;
  description: string;
  icon: OtherPlaceIcon;
}

/** Web-only presentation of each battle zone; ids, names and labels come from the rules. */
const BATTLE_ZONE_LOOK: Record<Zone, { description: string; art: PlaceArt }> = {
  [Zone.RadiantGrove]: {
    description: "Sunlit glades where young mages face their first thirty foes.",
    art: "grove",
  },
  [Zone.SmolderingMarsh]: {
    description: "Steaming bogs with seventy fiercer creatures lurking in the haze.",
    art: "marsh",
  },
  [Zone.WorldshapersDomain]: {
    description: "Ancient Worldshapers bend the land itself. Pick your strength.",
    art: "shaper",
  },
  [Zone.MaelstromsEye]: {
    description: "At the heart of the storm the Worlddrowners await.",
    art: "maelstrom",
  },
  [Zone.BlazingCore]: { description: "Molten depths ruled by the Worldburners.", art: "core" },
};

export const BATTLE_ZONES: readonly BattleZone[] = ZONES.map((zone) => ({
  id: zone.id,
  name: zone.name,
  tier: zone.label ?? "Endgame",
  ...BATTLE_ZONE_LOOK[zone.id],
}));

const GATHERING_LOOK: Record<
  GatherActionType,
  { skill: string; description: string; art: PlaceArt }
> = {
  [ActionType.Mining]: {
    skill: "Mining",
    description: "Dig deep for iron to fuel research and upgrades.",
    art: "mine",
  },
  [ActionType.Fishing]: {
    skill: "Fishing",
    description: "Cast your line into calm blue waters for fish.",
    art: "lake",
  },
  [ActionType.Woodcutting]: {
    skill: "Woodcutting",
    description: "Fell towering elderwood trees for wood.",
    art: "wood",
  },
};

export const GATHERING_ZONES: readonly GatheringZone[] = RULES_GATHERING_ZONES.map((zone) => ({
  actionType: zone.action,
  name: zone.name,
  ...GATHERING_LOOK[zone.action],
}));

/** The town entry of a gathering action (name and art), for the gathering view. */
export function gatheringZoneOf(action: GatherActionType): GatheringZone | undefined {
  return GATHERING_ZONES.find((zone) => zone.actionType === action);
}

export const OTHER_PLACES: readonly OtherPlace[] = [
  { name: "Farm", to: "/farm", description: "Grow herbs and brew potions.", icon: "farm" },
  { name: "Market", to: "/market", description: "Trade resources and gear.", icon: "market" },
  { name: "Guild", to: "/guild", description: "Your guild hall and armory.", icon: "guild" },
  {
    name: "Dungeon",
    to: "/dungeon-shop",
    description: "Delve for treasure and upgrades.",
    icon: "dungeon",
  },
  { name: "Hall of Fame", to: "/rankings", description: "The greatest mages.", icon: "rankings" },
  { name: "Notice Board", to: "/rules", description: "The rules of the realm.", icon: "rules" },
  { name: "News Board", to: "/news", description: "What changed lately.", icon: "news" },
];

/** The town entry of a battle zone (name, tier and art). */
export function battleZoneOf(zone: Zone): BattleZone | undefined {
  return BATTLE_ZONES.find((place) => place.id === zone);
}
