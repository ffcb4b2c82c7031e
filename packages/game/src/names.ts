/** Player name rules (spec 001 section 5, shared by sign-up and the premium rename). */
export const NAME_MIN = 3;
export const NAME_MAX = 20;

export const NAME_LENGTH_ERROR = "Name must be 3–20 letters.";
export const NAME_UNDERSCORE_EDGE_ERROR = "Name can't start or end with an underscore.";
export const NAME_DOUBLE_UNDERSCORE_ERROR = "Name can't contain double underscores.";

/** The first rule a name breaks, or null when it is valid. */
export function validatePlayerName(name: string): string | null {
  if (name.length < NAME_MIN || name.length > NAME_MAX || !/^[A-Za-z_]+$/.test(name)) {
    return NAME_LENGTH_ERROR;
  }
  if (name.startsWith("_") || name.endsWith("_")) return NAME_UNDERSCORE_EDGE_ERROR;
  if (name.includes("__")) return NAME_DOUBLE_UNDERSCORE_ERROR;
  return null;
}

export const NAME_RESERVED_ERROR = "That name is reserved.";

/**
 * Words no new player name may be or begin with: the server's own voices, staff titles and
 * the prefix of generated guest names (`Guest_` and eight letters).
 */
export const RESERVED_NAME_WORDS: readonly string[] = [
  "system",
  "admin",
  "administrator",
  "moderator",
  "mod",
  "staff",
  "support",
  "manaspire",
  "server",
  "guest",
];

/**
 * True when a name is reserved: ignoring case and underscores it is a reserved word
 * ("ADMIN", "Ad_min"), or its first underscore-separated part is one ("Admin_Bob",
 * "Guest_abcdefgh"). A reserved word later in a name is allowed ("Lord_Admin", "Modesto").
 */
export function isReservedName(name: string): boolean {
  const lower = name.toLowerCase();
  const first = lower.split("_")[0] ?? "";
  return (
    RESERVED_NAME_WORDS.includes(lower.replaceAll("_", "")) || RESERVED_NAME_WORDS.includes(first)
  );
}

/**
 * The first rule a new player's name breaks (sign-up, and the premium rename when it comes),
 * or null: the name rules, then reserved names. Looking players up by name uses
 * {@link validatePlayerName} only, so existing and guest names stay reachable.
 */
export function validateNewPlayerName(name: string): string | null {
  return validatePlayerName(name) ?? (isReservedName(name) ? NAME_RESERVED_ERROR : null);
}
