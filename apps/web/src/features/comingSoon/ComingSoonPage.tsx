import type { ComponentType } from "react";
import { useParams } from "react-router";
import { ComingSoon } from "../../components/ComingSoon";
import type { IconProps } from "../../components/icons/Icon";
import {
  DungeonIcon,
  EventIcon,
  FarmIcon,
  GuildIcon,
  InventoryIcon,
  LogIcon,
  MarketIcon,
  PetsIcon,
  PremiumIcon,
  ProfileIcon,
  RankingsIcon,
  ResearchIcon,
  SettingsIcon,
  SigilIcon,
} from "../../components/icons/placeIcons";
import { BattleIcon } from "../../components/icons/skillIcons";
import { COMING_SOON_SCREENS, type ComingSoonIcon, type ComingSoonKey } from "./comingSoonScreens";

const ICONS: Record<ComingSoonIcon, ComponentType<IconProps>> = {
  battle: BattleIcon,
  research: ResearchIcon,
  inventory: InventoryIcon,
  sigil: SigilIcon,
  event: EventIcon,
  profile: ProfileIcon,
  market: MarketIcon,
  guild: GuildIcon,
  farm: FarmIcon,
  rankings: RankingsIcon,
  log: LogIcon,
  settings: SettingsIcon,
  premium: PremiumIcon,
  dungeon: DungeonIcon,
  pets: PetsIcon,
};

/** Route element for a screen that is not built yet. Mentions route params as context. */
export function ComingSoonPage({ screen }: { screen: ComingSoonKey }) {
  const params = useParams();
  const info = COMING_SOON_SCREENS[screen];
  const context = params.name
    ? `Player: ${params.name}`
    : params.itemId
      ? `Item #${params.itemId}`
      : params.id
        ? `Guild #${params.id}`
        : undefined;
  return (
    <ComingSoon
      title={info.title}
      icon={ICONS[info.icon]}
      summary={info.summary}
      features={info.features}
      context={context}
    />
  );
}
