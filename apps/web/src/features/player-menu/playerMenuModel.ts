/** The player-name menu's entries (spec 000 section 2). Pure. */

export type PlayerMenuAction = "profile" | "wire" | "whisper" | "ignore";

export interface PlayerMenuEntry {
  action: PlayerMenuAction;
  label: string;
}

const ENTRIES: readonly PlayerMenuEntry[] = [
  { action: "profile", label: "View Profile" },
  { action: "wire", label: "Wire" },
  { action: "whisper", label: "Whisper" },
  { action: "ignore", label: "Ignore" },
];

/** View Profile, Wire, Whisper, Ignore; on the player's own name only View Profile. */
export function playerMenuEntries(name: string, selfName: string | null): PlayerMenuEntry[] {
  const self = selfName !== null && name.toLowerCase() === selfName.toLowerCase();
  return self ? ENTRIES.filter((e) => e.action === "profile") : [...ENTRIES];
}
