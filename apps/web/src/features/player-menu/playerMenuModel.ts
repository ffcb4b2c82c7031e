/** The player-name menu's entries (spec 000 section 2, plus the moderators' tools). Pure. */
import { isChatStaff } from "@manaspire/game";

export type PlayerMenuAction = "profile" | "wire" | "whisper" | "ignore" | "mute" | "unmute";

export interface PlayerMenuEntry {
  action: PlayerMenuAction;
  label: string;
  /** A moderators' and admins' tool (shown in its own group). */
  staff?: true;
}

const ENTRIES: readonly PlayerMenuEntry[] = [
  { action: "profile", label: "View Profile" },
  { action: "wire", label: "Wire" },
  { action: "whisper", label: "Whisper" },
  { action: "ignore", label: "Ignore" },
];

const MUTE: PlayerMenuEntry = { action: "mute", label: "Mute…", staff: true };
const UNMUTE: PlayerMenuEntry = { action: "unmute", label: "Unmute", staff: true };

export interface MenuViewer {
  /** The signed-in player's role (0 player, 1 moderator, 2 admin). */
  selfRole?: number;
  /** The named player's role when the menu knows it (a chat line carries it). */
  targetRole?: number | undefined;
}

/**
 * View Profile, Wire, Whisper, Ignore; on the player's own name only View Profile. Moderators
 * and admins also get Mute… and Unmute on other players' names; Mute… is left out when the
 * named player's role is known and not below theirs (the server refuses that mute).
 */
export function playerMenuEntries(
  name: string,
  selfName: string | null,
  { selfRole = 0, targetRole }: MenuViewer = {},
): PlayerMenuEntry[] {
  const self = selfName !== null && name.toLowerCase() === selfName.toLowerCase();
  if (self) return ENTRIES.filter((e) => e.action === "profile");
  if (!isChatStaff(selfRole)) return [...ENTRIES];
  const canMute = targetRole === undefined || targetRole < selfRole;
  return [...ENTRIES, ...(canMute ? [MUTE] : []), UNMUTE];
}
