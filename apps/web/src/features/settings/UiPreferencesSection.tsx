import { SettingsSection } from "./controls";
import { UiPreferenceFields } from "./UiPreferenceFields";

/** Settings, UI preferences: kept in this browser; the chat box's gear opens the same. */
export function UiPreferencesSection() {
  return (
    <SettingsSection
      id="ui"
      title="UI preferences"
      description="Kept in this browser. The gear on the chat box changes the same settings."
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <UiPreferenceFields />
      </div>
    </SettingsSection>
  );
}
