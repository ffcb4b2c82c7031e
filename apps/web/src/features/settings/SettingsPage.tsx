import { PageTitle } from "../../components/PageTitle";
import { IdentitiesSection } from "../account/IdentitiesSection";
import { ColorsSection } from "./ColorsSection";
import { CommunitySection } from "./CommunitySection";
import { GamePreferencesSection } from "./GamePreferencesSection";
import { GuildTaxSection } from "./GuildTaxSection";
import { MenuItemsSection } from "./MenuItemsSection";
import { PushSection } from "./push/PushSection";
import { ReferrerSection } from "./ReferrerSection";
import { UiPreferencesSection } from "./UiPreferencesSection";

/**
 * /settings, the sections in the spec's order (spec 001 section 2): referrer link, guild taxes,
 * push notifications, game preferences, UI preferences, colour customisation, menu items,
 * identity providers, community chat server.
 */
export function SettingsPage() {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 pb-6" data-testid="settings-page">
      <PageTitle subtitle="Your mage's preferences, this browser's look and your devices.">
        Settings
      </PageTitle>
      <ReferrerSection />
      <GuildTaxSection />
      <PushSection />
      <GamePreferencesSection />
      <UiPreferencesSection />
      <ColorsSection />
      <MenuItemsSection />
      <IdentitiesSection />
      <CommunitySection />
    </div>
  );
}
