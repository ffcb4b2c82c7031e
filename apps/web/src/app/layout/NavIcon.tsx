import type { ComponentType } from "react";
import type { IconProps } from "../../components/icons/Icon";
import {
  DungeonIcon,
  FarmIcon,
  GuildIcon,
  InventoryIcon,
  LogIcon,
  MarketIcon,
  NewsIcon,
  PetsIcon,
  PremiumIcon,
  RankingsIcon,
  ResearchIcon,
  RulesIcon,
  SettingsIcon,
  TownIcon,
} from "../../components/icons/placeIcons";
import {
  BattleIcon,
  FishingIcon,
  MiningIcon,
  WoodcuttingIcon,
} from "../../components/icons/skillIcons";
import type { NavIconKey } from "./navEntries";

export const NAV_ICONS: Record<NavIconKey, ComponentType<IconProps>> = {
  battle: BattleIcon,
  mining: MiningIcon,
  fishing: FishingIcon,
  woodcutting: WoodcuttingIcon,
  town: TownIcon,
  research: ResearchIcon,
  inventory: InventoryIcon,
  farm: FarmIcon,
  market: MarketIcon,
  guild: GuildIcon,
  dungeon: DungeonIcon,
  pets: PetsIcon,
  log: LogIcon,
  rankings: RankingsIcon,
  news: NewsIcon,
  rules: RulesIcon,
  premium: PremiumIcon,
  settings: SettingsIcon,
};

export function NavIcon({ icon, ...props }: IconProps & { icon: NavIconKey }) {
  const Component = NAV_ICONS[icon];
  return <Component {...props} />;
}
