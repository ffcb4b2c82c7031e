import { useLocation } from "react-router";
import { useGameStore } from "../../store/gameStore";
import { guildRedirect, myPermissionMask } from "./guildModel";

/** Redirects of spec 001 section 2, for every guild route (the area and the list). */
export function useGuildRedirect(): string | null {
  const { pathname } = useLocation();
  const guild = useGameStore((s) => s.guild.guild);
  return guildRedirect(pathname, guild === undefined ? undefined : guild !== null);
}

/** The player's guild permission bitmask (undefined without a guild). */
export function useGuildPermissions(): number | undefined {
  const guild = useGameStore((s) => s.guild.guild);
  const roster = useGameStore((s) => s.guild.roster);
  const me = useGameStore((s) => s.player?.id);
  return myPermissionMask(guild, roster, me);
}
