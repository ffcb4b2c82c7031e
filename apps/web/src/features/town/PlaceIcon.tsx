import type { ComponentType } from "react";
import type { IconProps } from "../../components/icons/Icon";
import {
  DungeonIcon,
  FarmIcon,
  GuildIcon,
  MarketIcon,
  NewsIcon,
  RankingsIcon,
  RulesIcon,
} from "../../components/icons/placeIcons";
import {
  FireIcon,
  FishingIcon,
  MiningIcon,
  WoodcuttingIcon,
} from "../../components/icons/skillIcons";
import {
  GroveIcon,
  MaelstromIcon,
  MarshIcon,
  MountainIcon,
} from "../../components/icons/zoneIcons";
import type { OtherPlaceIcon, PlaceArt } from "./townPlaces";

export const ART_ICONS: Record<PlaceArt, ComponentType<IconProps>> = {
  grove: GroveIcon,
  marsh: MarshIcon,
  shaper: MountainIcon,
  maelstrom: MaelstromIcon,
  core: FireIcon,
  mine: MiningIcon,
  lake: FishingIcon,
  wood: WoodcuttingIcon,
};

export const OTHER_PLACE_ICONS: Record<OtherPlaceIcon, ComponentType<IconProps>> = {
  farm: FarmIcon,
  market: MarketIcon,
  guild: GuildIcon,
  dungeon: DungeonIcon,
  rankings: RankingsIcon,
  rules: RulesIcon,
  news: NewsIcon,
};
