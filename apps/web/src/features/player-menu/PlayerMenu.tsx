import { type CSSProperties, Fragment, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import { placeTooltip } from "../../components/tooltipPosition";
import { cx } from "../../lib/cx";
import { useOutsideClick } from "../../lib/useOutsideClick";
import { useGameStore } from "../../store/gameStore";
import { sendChatCommand } from "../chat/chatActions";
import { playerCommand, profilePath } from "../chat/chatCommands";
import { moderationCommand } from "../chat/chatModeration";
import { prefillChatInput } from "../chat/chatUiStore";
import { type PlayerMenuAction, playerMenuEntries } from "./playerMenuModel";
import { askIgnore, askMute, closePlayerMenu, usePlayerMenu } from "./playerMenuStore";

/** The player-name menu (its own chunk: loaded on the first click on a name). */
export function PlayerMenu({ name, role }: { name: string; role: number | undefined }) {
  const navigate = useNavigate();
  const selfName = useGameStore((s) => s.player?.name ?? null);
  const selfRole = useGameStore((s) => s.player?.role ?? 0);
  const entries = playerMenuEntries(name, selfName, { selfRole, targetRole: role });
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLElement | null>(usePlayerMenu.getState().menu?.trigger ?? null);
  const [style, setStyle] = useState<CSSProperties>({ visibility: "hidden" });
  useOutsideClick([menuRef, triggerRef], closePlayerMenu);

  useLayoutEffect(() => {
    const menu = menuRef.current;
    const anchor = usePlayerMenu.getState().menu?.anchor;
    if (!menu || !anchor) return;
    const spot = placeTooltip(
      anchor,
      { width: menu.offsetWidth, height: menu.offsetHeight },
      { width: window.innerWidth, height: window.innerHeight },
    );
    // Shown before the focus moves in: a hidden element cannot take the focus.
    menu.style.visibility = "visible";
    setStyle({ left: spot.left, top: spot.top, visibility: "visible" });
    menu.querySelector<HTMLButtonElement>("[role=menuitem]")?.focus({ preventScroll: true });
    // The menu sits where the name was: close it when the name moves away (scrolling,
    // resizing) or leaves the page.
    const trigger = triggerRef.current;
    const close = () => {
      const now = trigger?.isConnected ? trigger.getBoundingClientRect() : null;
      if (!now || Math.abs(now.top - anchor.top) > 2 || Math.abs(now.left - anchor.left) > 2) {
        closePlayerMenu();
      }
    };
    window.addEventListener("resize", close);
    window.addEventListener("scroll", close, true);
    return () => {
      window.removeEventListener("resize", close);
      window.removeEventListener("scroll", close, true);
    };
  }, []);

  const run = (action: PlayerMenuAction) => {
    closePlayerMenu();
    switch (action) {
      case "profile":
        navigate(profilePath(name));
        break;
      case "wire":
        sendChatCommand(playerCommand.wire(name));
        break;
      case "whisper":
        prefillChatInput(playerCommand.whisperPrefix(name));
        break;
      case "ignore":
        askIgnore(name);
        break;
      case "mute":
        askMute(name);
        break;
      case "unmute":
        sendChatCommand(moderationCommand.unmute(name));
        break;
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [
      ...(menuRef.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]") ?? []),
    ];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "Escape") {
      event.preventDefault();
      closePlayerMenu();
      triggerRef.current?.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === "Tab") {
      closePlayerMenu();
    }
  };

  return createPortal(
    <div
      ref={menuRef}
      role="menu"
      aria-label={`${name} menu`}
      style={style}
      onKeyDown={onKeyDown}
      className="fixed z-[70] min-w-44 animate-fade-in overflow-hidden rounded-lg border border-edge-bright bg-night-800 py-1 text-sm text-ink shadow-[0_12px_32px_-8px_rgb(0_0_0/0.8)]"
      data-testid="player-menu"
    >
      <p className="truncate border-b border-edge px-3 pt-1 pb-1.5 font-display text-xs font-bold tracking-wider text-gold">
        {name}
      </p>
      {entries.map((entry, index) => (
        <Fragment key={entry.action}>
          {entry.staff && !entries[index - 1]?.staff ? <hr className="my-1 border-edge" /> : null}
          <button
            type="button"
            role="menuitem"
            onClick={() => run(entry.action)}
            className={cx(
              "block w-full px-3 py-1.5 text-left hover:bg-white/[0.06] focus-visible:bg-white/[0.06] focus-visible:outline-none",
              (entry.action === "ignore" || entry.action === "mute") && "text-danger",
            )}
          >
            {entry.label}
          </button>
        </Fragment>
      ))}
    </div>,
    document.body,
  );
}
