/**
 * Control characters no text a player sends may hold: C0 controls but tab, line feed and
 * carriage return, DEL, and the C1 controls. A NUL reached PostgreSQL ("invalid byte sequence
 * 0x00", logged as an error per message), and none of them is ever meant as text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The refusal a message with such a character gets; nothing is changed. */
export const CONTROL_CHARACTER_REFUSAL =
  "Text cannot contain control characters; nothing was changed.";

/** Whether any string anywhere in a decoded message holds a refused control character. */
export function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return CONTROL.test(value);
  if (depth > 16 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => hasControlCharacter(v, depth + 1));
  if (value instanceof Map) {
    for (const [k, v] of value) {
      if (hasControlCharacter(k, depth + 1) || hasControlCharacter(v, depth + 1)) return true;
    }
    return false;
  }
  return Object.values(value).some((v) => hasControlCharacter(v, depth + 1));
}
