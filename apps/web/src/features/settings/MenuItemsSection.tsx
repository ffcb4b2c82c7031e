import { LOGO_ID, NAV_ENTRIES } from "../../app/layout/navEntries";
import { SettingsSection, Toggle } from "./controls";
import { menuHidden, useMenuHidden } from "./menuHidden";

const ITEMS: readonly { id: string; label: string; hint?: string }[] = [
  { id: LOGO_ID, label: "Logo", hint: "Its click refreshes your actions." },
  ...NAV_ENTRIES.map((entry) => ({
    id: entry.id,
    label: entry.label,
    hint: entry.actionType !== undefined ? "Shown while it is your activity." : undefined,
  })),
];

/** Hides or shows one top bar entry (the stored "menu-hidden" list). */
export function setMenuItemShown(hidden: readonly string[], id: string, shown: boolean): string[] {
  const rest = hidden.filter((h) => h !== id);
  return shown ? rest : [...rest, id];
}

/** Settings, menu items: which top navigation entries (and the logo) show, in this browser. */
export function MenuItemsSection() {
  const hidden = useMenuHidden();
  return (
    <SettingsSection
      id="menu"
      title="Menu items"
      description="Choose what the top bar shows in this browser."
    >
      {hidden.includes("settings") ? (
        <p className="mb-2 text-xs text-gold" data-testid="settings-hidden-note">
          Settings is hidden from the menu: come back here at /settings.
        </p>
      ) : null}
      <div className="grid gap-x-6 sm:grid-cols-2">
        {ITEMS.map((item) => (
          <Toggle
            key={item.id}
            label={item.label}
            hint={item.hint}
            checked={!hidden.includes(item.id)}
            onChange={(shown) => menuHidden.set(setMenuItemShown(menuHidden.get(), item.id, shown))}
          />
        ))}
      </div>
    </SettingsSection>
  );
}
