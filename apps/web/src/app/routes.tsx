import { Navigate, type RouteObject } from "react-router";
import { ActivityLogScreen } from "../features/activity-log/ActivityLogScreen";
import { LoginPage } from "../features/auth/LoginPage";
import { ComingSoonPage } from "../features/comingSoon/ComingSoonPage";
import type { ComingSoonKey } from "../features/comingSoon/comingSoonScreens";
import { InventoryPage } from "../features/inventory/InventoryPage";
import { ItemUpgradePage } from "../features/item-upgrade/ItemUpgradePage";
import { AboutPage } from "../features/legal/AboutPage";
import { PrivacyPage } from "../features/legal/PrivacyPage";
import { TermsPage } from "../features/legal/TermsPage";
import { MainPage } from "../features/main/MainPage";
import { NewsPage } from "../features/news/NewsPage";
import { ResearchPage } from "../features/research/ResearchPage";
import { RulesPage } from "../features/rules/RulesPage";
import { SigilsPage } from "../features/sigils/SigilsPage";
import { TownPage } from "../features/town/TownPage";
import { DevUiPage } from "./dev/DevUiPage";
import { MainLayout } from "./layout/MainLayout";
import { NotFoundPage } from "./NotFoundPage";

const soon = (screen: ComingSoonKey) => <ComingSoonPage screen={screen} />;

/** Every route of spec 000 and 001 section 2. */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { index: true, element: <MainPage /> },
      { path: "town", element: <TownPage /> },
      { path: "research", element: <ResearchPage /> },
      { path: "inventory", element: <InventoryPage /> },
      { path: "inventory/:itemId/upgrade", element: <ItemUpgradePage /> },
      { path: "sigils", element: <SigilsPage /> },
      { path: "event", element: soon("event") },
      { path: "profile", element: soon("profile") },
      { path: "profile/:name", element: soon("profile") },
      { path: "market", element: soon("market") },
      { path: "market/my-orders", element: soon("myOrders") },
      {
        path: "guild",
        children: [
          { index: true, element: soon("guildRoster") },
          { path: "list", element: soon("guildList") },
          { path: "list/:id", element: soon("guildPublic") },
          { path: "edit", element: soon("guildEdit") },
          { path: "info", element: soon("guildInfo") },
          { path: "armory", element: soon("guildArmory") },
          { path: "ranks", element: soon("guildRanks") },
          { path: "upgrades", element: soon("guildUpgrades") },
          { path: "log", element: soon("guildLog") },
          { path: "*", element: <Navigate to="/guild" replace /> },
        ],
      },
      { path: "farm", element: soon("farm") },
      { path: "rules", element: <RulesPage /> },
      { path: "rankings", element: soon("rankings") },
      { path: "activity-log", element: <ActivityLogScreen /> },
      { path: "settings", element: soon("settings") },
      { path: "news", element: <NewsPage /> },
      { path: "shop", element: soon("shop") },
      { path: "dungeon", element: soon("dungeon") },
      { path: "dungeon-guild", element: soon("dungeonGuild") },
      { path: "dungeon-shop", element: soon("dungeonShop") },
      { path: "pets", element: soon("pets") },
      ...(import.meta.env.DEV ? [{ path: "dev-ui", element: <DevUiPage /> }] : []),
      { path: "*", element: <NotFoundPage /> },
    ],
  },
  { path: "login", element: <LoginPage /> },
  { path: "privacy", element: <PrivacyPage /> },
  { path: "terms", element: <TermsPage /> },
  { path: "about", element: <AboutPage /> },
];
