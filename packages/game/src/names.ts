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
