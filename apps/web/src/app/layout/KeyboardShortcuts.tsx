import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { focusChatInput } from "../../features/chat/chatUiStore";
import { isTyping, shortcutFor } from "./shortcuts";

/** The list (its own chunk: loaded on the first "?"). */
const ShortcutsHelp = lazy(async () => ({
  default: (await import("./ShortcutsHelp")).ShortcutsHelp,
}));

/**
 * Keyboard shortcuts of the signed-in shell (B, T, I, R, M go to a screen, / writes in the
 * chat, ? lists them); ignored while typing, with Ctrl, Alt or Cmd, and while a dialog is
 * open.
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (document.querySelector("dialog[open]")) return;
      const shortcut = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        defaultPrevented: event.defaultPrevented,
        typing: isTyping(event.target),
      });
      if (!shortcut) return;
      event.preventDefault();
      const { action } = shortcut;
      if (action.kind === "go") navigate(action.to);
      else if (action.kind === "focusChat") focusChatInput();
      else setHelp(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate]);

  return help ? (
    <Suspense fallback={null}>
      <ShortcutsHelp onClose={() => setHelp(false)} />
    </Suspense>
  ) : null;
}
