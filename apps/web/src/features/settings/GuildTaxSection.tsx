import { send, useGameStore } from "../../store/gameStore";
import { TaxForm } from "../guild/TaxForm";
import { SettingsSection } from "./controls";

/**
 * Settings, guild taxes (spec 001 sections 2 and 6): the personal tax, a percentage per
 * currency of one's own battle and gathering loot for the guild, applied only where the rank's
 * tax is lower. Shown to guild members.
 */
export function GuildTaxSection() {
  const inGuild = useGameStore((s) => !!s.guild.guild);
  const taxes = useGameStore((s) => s.player?.taxes);
  if (!inGuild || !taxes) return null;
  return (
    <SettingsSection
      id="guild-taxes"
      title="Guild taxes"
      description="Give your guild a share of your loot. Your rank's tax applies where it is higher."
    >
      <TaxForm
        key={JSON.stringify(taxes)}
        tax={taxes}
        onSave={(rates) => send("setGuildTaxPersonal", { taxes: rates })}
      />
    </SettingsSection>
  );
}
