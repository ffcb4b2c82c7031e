import { Navigate, type RouteObject } from "react-router";
import { MainPage } from "../features/main/MainPage";
import { AppRoot } from "./AppRoot";
import { MainLayout } from "./layout/MainLayout";
import { lazyScreen } from "./lazyScreen";
import { NotFoundPage } from "./NotFoundPage";
import { withErrorScreens } from "./withErrorScreens";

/**
 * Screens a player opens now and then load on first visit (their own chunk), so the first
 * load carries only the shell and the main view.
 */
const lazy = {
  login: lazyScreen(async () => (await import("../features/auth/LoginPage")).LoginPage),
  account: lazyScreen(async () => (await import("../features/account/AccountPage")).AccountPage),
  town: lazyScreen(async () => (await import("../features/town/TownPage")).TownPage),
  activityLog: lazyScreen(
    async () => (await import("../features/activity-log/ActivityLogScreen")).ActivityLogScreen,
  ),
  inventory: lazyScreen(
    async () => (await import("../features/inventory/InventoryPage")).InventoryPage,
  ),
  itemUpgrade: lazyScreen(
    async () => (await import("../features/item-upgrade/ItemUpgradePage")).ItemUpgradePage,
  ),
  farm: lazyScreen(async () => (await import("../features/farm/FarmPage")).FarmPage),
  pets: lazyScreen(async () => (await import("../features/pets/PetsPage")).PetsPage),
  dungeon: lazyScreen(async () => (await import("../features/dungeon/DungeonPage")).DungeonPage),
  guildDungeon: lazyScreen(
    async () => (await import("../features/dungeon/GuildDungeonPage")).GuildDungeonPage,
  ),
  dungeonHub: lazyScreen(
    async () => (await import("../features/dungeon/DungeonHubPage")).DungeonHubPage,
  ),
  market: lazyScreen(async () => (await import("../features/market/MarketPage")).MarketPage),
  myOrders: lazyScreen(async () => (await import("../features/market/MyOrdersPage")).MyOrdersPage),
  profile: lazyScreen(async () => (await import("../features/profile/ProfilePage")).ProfilePage),
  rankings: lazyScreen(
    async () => (await import("../features/rankings/RankingsPage")).RankingsPage,
  ),
  research: lazyScreen(
    async () => (await import("../features/research/ResearchPage")).ResearchPage,
  ),
  sigils: lazyScreen(async () => (await import("../features/sigils/SigilsPage")).SigilsPage),
  event: lazyScreen(async () => (await import("../features/events/EventPage")).EventPage),
  rules: lazyScreen(async () => (await import("../features/rules/RulesPage")).RulesPage),
  news: lazyScreen(async () => (await import("../features/news/NewsPage")).NewsPage),
  guildArea: lazyScreen(async () => (await import("../features/guild/GuildArea")).GuildArea),
  guildRoster: lazyScreen(
    async () => (await import("../features/guild/GuildRosterPage")).GuildRosterPage,
  ),
  guildList: lazyScreen(
    async () => (await import("../features/guild/GuildListPage")).GuildListPage,
  ),
  guildPublic: lazyScreen(
    async () => (await import("../features/guild/GuildPublicPage")).GuildPublicPage,
  ),
  guildInfo: lazyScreen(
    async () => (await import("../features/guild/GuildInfoPage")).GuildInfoPage,
  ),
  guildEdit: lazyScreen(
    async () => (await import("../features/guild/GuildInfoPage")).GuildEditPage,
  ),
  guildRanks: lazyScreen(
    async () => (await import("../features/guild/GuildRanksPage")).GuildRanksPage,
  ),
  guildUpgrades: lazyScreen(
    async () => (await import("../features/guild/GuildUpgradesPage")).GuildUpgradesPage,
  ),
  guildArmory: lazyScreen(
    async () => (await import("../features/guild/GuildArmoryPage")).GuildArmoryPage,
  ),
  guildLog: lazyScreen(async () => (await import("../features/guild/GuildLogPage")).GuildLogPage),
  shop: lazyScreen(async () => (await import("../features/shop/ShopPage")).ShopPage),
  settings: lazyScreen(
    async () => (await import("../features/settings/SettingsPage")).SettingsPage,
  ),
  about: lazyScreen(async () => (await import("../features/legal/AboutPage")).AboutPage),
  developers: lazyScreen(
    async () => (await import("../features/legal/DevelopersPage")).DevelopersPage,
  ),
  privacy: lazyScreen(async () => (await import("../features/legal/PrivacyPage")).PrivacyPage),
  terms: lazyScreen(async () => (await import("../features/legal/TermsPage")).TermsPage),
};

/** Every route of spec 000 and 001 section 2, each with the error screen (withErrorScreens). */
export const routes: RouteObject[] = withErrorScreens([
  {
    element: <AppRoot />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <MainPage /> },
          { path: "town", element: <lazy.town /> },
          { path: "research", element: <lazy.research /> },
          { path: "inventory", element: <lazy.inventory /> },
          { path: "inventory/:itemId/upgrade", element: <lazy.itemUpgrade /> },
          { path: "sigils", element: <lazy.sigils /> },
          { path: "event", element: <lazy.event /> },
          { path: "profile", element: <lazy.profile /> },
          { path: "profile/:name", element: <lazy.profile /> },
          { path: "market", element: <lazy.market /> },
          { path: "market/my-orders", element: <lazy.myOrders /> },
          { path: "guild/list", element: <lazy.guildList /> },
          { path: "guild/list/:id", element: <lazy.guildPublic /> },
          {
            path: "guild",
            element: <lazy.guildArea />,
            children: [
              { index: true, element: <lazy.guildRoster /> },
              { path: "edit", element: <lazy.guildEdit /> },
              { path: "info", element: <lazy.guildInfo /> },
              { path: "armory", element: <lazy.guildArmory /> },
              { path: "ranks", element: <lazy.guildRanks /> },
              { path: "upgrades", element: <lazy.guildUpgrades /> },
              { path: "log", element: <lazy.guildLog /> },
              { path: "*", element: <Navigate to="/guild" replace /> },
            ],
          },
          { path: "farm", element: <lazy.farm /> },
          { path: "rules", element: <lazy.rules /> },
          { path: "rankings", element: <lazy.rankings /> },
          { path: "activity-log", element: <lazy.activityLog /> },
          { path: "settings", element: <lazy.settings /> },
          { path: "account", element: <lazy.account /> },
          { path: "news", element: <lazy.news /> },
          { path: "shop", element: <lazy.shop /> },
          { path: "dungeon", element: <lazy.dungeon /> },
          { path: "dungeon-guild", element: <lazy.guildDungeon /> },
          { path: "dungeon-shop", element: <lazy.dungeonHub /> },
          { path: "pets", element: <lazy.pets /> },
          ...(import.meta.env.DEV
            ? [
                {
                  path: "dev-ui",
                  element: (() => {
                    const DevUiPage = lazyScreen(
                      async () => (await import("./dev/DevUiPage")).DevUiPage,
                    );
                    return <DevUiPage />;
                  })(),
                },
              ]
            : []),
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      // Its own chunk; index.html preloads it beside the first load when no login token is
      // stored (build/loginPreload.ts), so a signed-out visit waits for no second round trip.
      { path: "login", element: <lazy.login /> },
      { path: "privacy", element: <lazy.privacy /> },
      { path: "terms", element: <lazy.terms /> },
      { path: "about", element: <lazy.about /> },
      { path: "developers", element: <lazy.developers /> },
    ],
  },
]);
