/** The keyboard shortcuts of the signed-in shell (pure: which key does what). */

export type ShortcutAction = { kind: "go"; to: string } | { kind: "focusChat" } | { kind: "help" };

export interface Shortcut {
  /** The key as `KeyboardEvent.key` reports it. */
  key: string;
  /** As shown in the list ("?" for Shift+/ and so on). */
  label: string;
  description: string;
  action: ShortcutAction;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { key: "b", label: "B", description: "Battle (the main view)", action: { kind: "go", to: "/" } },
  { key: "t", label: "T", description: "Town", action: { kind: "go", to: "/town" } },
  { key: "i", label: "I", description: "Inventory", action: { kind: "go", to: "/inventory" } },
  { key: "r", label: "R", description: "Research", action: { kind: "go", to: "/research" } },
  { key: "m", label: "M", description: "Market", action: { kind: "go", to: "/market" } },
  { key: "/", label: "/", description: "Write in the chat", action: { kind: "focusChat" } },
  { key: "?", label: "?", description: "Show these shortcuts", action: { kind: "help" } },
];

/** What a key press looks like to the shortcuts. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The press is already handled, or it happens while typing (see {@link isTyping}). */
  defaultPrevented: boolean;
  typing: boolean;
}

/** Whether the focused element takes text (shortcuts are ignored while typing). */
export function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === "undefined" || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  const type = (target as HTMLInputElement).type;
  return !["button", "checkbox", "radio", "range", "submit", "reset", "color", "file"].includes(
    type,
  );
}

/** The shortcut a key press triggers, if any. */
export function shortcutFor(press: KeyPress): Shortcut | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.defaultPrevented || press.typing) {
    return null;
  }
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  return SHORTCUTS.find((s) => s.key === key) ?? null;
}
