import { Navigate, type RouteObject } from "react-router";
import type { ComingSoonKey } from "../features/comingSoon/comingSoonScreens";
import { ComingSoonPage } from "../features/comingSoon/LazyComingSoonPage";
import { MainPage } from "../features/main/MainPage";
import { AppRoot } from "./AppRoot";
import { MainLayout } from "./layout/MainLayout";
import { NotFoundPage } from "./NotFoundPage";
import { PageLoading } from "./PageLoading";
import { withErrorScreens } from "./withErrorScreens";

const soon = (screen: ComingSoonKey) => <ComingSoonPage screen={screen} />;

/**
 * Screens a player opens now and then load on first visit (their own chunk), so the first
 * load carries only the shell, the main view and the town.
 */
const lazy = {
  account: async () => ({
    Component: (await import("../features/account/AccountPage")).AccountPage,
  }),
  login: async () => ({ Component: (await import("../features/auth/LoginPage")).LoginPage }),
  town: async () => ({ Component: (await import("../features/town/TownPage")).TownPage }),
  activityLog: async () => ({
    Component: (await import("../features/activity-log/ActivityLogScreen")).ActivityLogScreen,
  }),
  inventory: async () => ({
    Component: (await import("../features/inventory/InventoryPage")).InventoryPage,
  }),
  itemUpgrade: async () => ({
    Component: (await import("../features/item-upgrade/ItemUpgradePage")).ItemUpgradePage,
  }),
  farm: async () => ({ Component: (await import("../features/farm/FarmPage")).FarmPage }),
  pets: async () => ({ Component: (await import("../features/pets/PetsPage")).PetsPage }),
  market: async () => ({
    Component: (await import("../features/market/MarketPage")).MarketPage,
  }),
  myOrders: async () => ({
    Component: (await import("../features/market/MyOrdersPage")).MyOrdersPage,
  }),
  profile: async () => ({
    Component: (await import("../features/profile/ProfilePage")).ProfilePage,
  }),
  rankings: async () => ({
    Component: (await import("../features/rankings/RankingsPage")).RankingsPage,
  }),
  research: async () => ({
    Component: (await import("../features/research/ResearchPage")).ResearchPage,
  }),
  sigils: async () => ({ Component: (await import("../features/sigils/SigilsPage")).SigilsPage }),
  rules: async () => ({ Component: (await import("../features/rules/RulesPage")).RulesPage }),
  news: async () => ({ Component: (await import("../features/news/NewsPage")).NewsPage }),
  guildArea: async () => ({
    Component: (await import("../features/guild/GuildArea")).GuildArea,
  }),
  guildRoster: async () => ({
    Component: (await import("../features/guild/GuildRosterPage")).GuildRosterPage,
  }),
  guildList: async () => ({
    Component: (await import("../features/guild/GuildListPage")).GuildListPage,
  }),
  guildPublic: async () => ({
    Component: (await import("../features/guild/GuildPublicPage")).GuildPublicPage,
  }),
  guildInfo: async () => ({
    Component: (await import("../features/guild/GuildInfoPage")).GuildInfoPage,
  }),
  guildEdit: async () => ({
    Component: (await import("../features/guild/GuildInfoPage")).GuildEditPage,
  }),
  guildRanks: async () => ({
    Component: (await import("../features/guild/GuildRanksPage")).GuildRanksPage,
  }),
  guildUpgrades: async () => ({
    Component: (await import("../features/guild/GuildUpgradesPage")).GuildUpgradesPage,
  }),
  guildArmory: async () => ({
    Component: (await import("../features/guild/GuildArmoryPage")).GuildArmoryPage,
  }),
  guildLog: async () => ({
    Component: (await import("../features/guild/GuildLogPage")).GuildLogPage,
  }),
  shop: async () => ({ Component: (await import("../features/shop/ShopPage")).ShopPage }),
  settings: async () => ({
    Component: (await import("../features/settings/SettingsPage")).SettingsPage,
  }),
  about: async () => ({ Component: (await import("../features/legal/AboutPage")).AboutPage }),
  privacy: async () => ({
    Component: (await import("../features/legal/PrivacyPage")).PrivacyPage,
  }),
  terms: async () => ({ Component: (await import("../features/legal/TermsPage")).TermsPage }),
};

/** Every route of spec 000 and 001 section 2, each with the error screen (withErrorScreens). */
export const routes: RouteObject[] = withErrorScreens([
  {
    element: <AppRoot />,
    // Shown while the first screen's chunk loads (a lazy route opened directly).
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <MainPage /> },
          { path: "town", lazy: lazy.town },
          { path: "research", lazy: lazy.research },
          { path: "inventory", lazy: lazy.inventory },
          { path: "inventory/:itemId/upgrade", lazy: lazy.itemUpgrade },
          { path: "sigils", lazy: lazy.sigils },
          { path: "event", element: soon("event") },
          { path: "profile", lazy: lazy.profile },
          { path: "profile/:name", lazy: lazy.profile },
          { path: "market", lazy: lazy.market },
          { path: "market/my-orders", lazy: lazy.myOrders },
          { path: "guild/list", lazy: lazy.guildList },
          { path: "guild/list/:id", lazy: lazy.guildPublic },
          {
            path: "guild",
            lazy: lazy.guildArea,
            children: [
              { index: true, lazy: lazy.guildRoster },
              { path: "edit", lazy: lazy.guildEdit },
              { path: "info", lazy: lazy.guildInfo },
              { path: "armory", lazy: lazy.guildArmory },
              { path: "ranks", lazy: lazy.guildRanks },
              { path: "upgrades", lazy: lazy.guildUpgrades },
              { path: "log", lazy: lazy.guildLog },
              { path: "*", element: <Navigate to="/guild" replace /> },
            ],
          },
          { path: "farm", lazy: lazy.farm },
          { path: "rules", lazy: lazy.rules },
          { path: "rankings", lazy: lazy.rankings },
          { path: "activity-log", lazy: lazy.activityLog },
          { path: "settings", lazy: lazy.settings },
          { path: "account", lazy: lazy.account },
          { path: "news", lazy: lazy.news },
          { path: "shop", lazy: lazy.shop },
          { path: "dungeon", element: soon("dungeon") },
          { path: "dungeon-guild", element: soon("dungeonGuild") },
          { path: "dungeon-shop", element: soon("dungeonShop") },
          { path: "pets", lazy: lazy.pets },
          ...(import.meta.env.DEV
            ? [
                {
                  path: "dev-ui",
                  lazy: async () => ({ Component: (await import("./dev/DevUiPage")).DevUiPage }),
                },
              ]
            : []),
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      { path: "login", lazy: lazy.login },
      { path: "privacy", lazy: lazy.privacy },
      { path: "terms", lazy: lazy.terms },
      { path: "about", lazy: lazy.about },
    ],
  },
]);
