import { useRef, useState } from "react";
import { useLocation } from "react-router";
import { SpireMark } from "../../components/icons/SpireMark";
import { CloseIcon, MenuIcon, SignOutIcon } from "../../components/icons/uiIcons";
import { AccountLink } from "../../features/account/AccountLink";
import { useHasUnreadNews } from "../../features/news/newsRead";
import { useMenuHidden } from "../../features/settings/menuHidden";
import { cx } from "../../lib/cx";
import { useOutsideClick } from "../../lib/useOutsideClick";
import { useShell } from "../shellContext";
import { isQuestComplete } from "../shellModel";
import { NavItem, NavItemPlaceholder } from "./NavItem";
import { BATTLE_ENTRY, LOGO_ID, visibleNavEntries } from "./navEntries";
import { QuestButton } from "./QuestButton";

/**
 * Top bar: logo (click refreshes actions), navigation entries, and on narrow screens a
 * menu toggle plus the compact Complete Quest button.
 */
export function TopBar() {
  const { model, actions } = useShell();
  const hidden = useMenuHidden();
  const unreadNews = useHasUnreadNews();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const { pathname } = useLocation();
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Close the collapsed menu on navigation (also when the route changes elsewhere).
  const isOpen = menuOpen && menuPath === pathname;
  useOutsideClick([menuRef, toggleRef], () => setMenuOpen(false), isOpen);

  const entries = visibleNavEntries(model?.actionType ?? null, hidden);
  const showLogo = !hidden.includes(LOGO_ID);
  const questDone = model !== null && isQuestComplete(model.quest);

  const renderItems = (variant: "bar" | "tile") =>
    entries.map((entry) => (
      <NavItem
        key={entry.id}
        entry={entry}
        variant={variant}
        unread={entry.id === "news" && unreadNews}
        onSetActionType={actions.setActionType}
        onNavigate={variant === "tile" ? () => setMenuOpen(false) : undefined}
      />
    ));

  return (
    <header className="relative z-30 shrink-0 border-b border-edge bg-night-900/85 backdrop-blur-md">
      <div className="flex h-14 items-center gap-2 px-3 lg:px-4">
        {showLogo ? (
          <button
            type="button"
            onClick={actions.refreshActions}
            title="Refresh actions"
            className="group flex shrink-0 items-center gap-2 rounded-md px-1 py-1 hover:bg-white/5"
          >
            <SpireMark className="hidden size-7 transition-transform group-hover:scale-110 sm:block" />
            <span className="text-glow font-display text-2xl font-bold text-ink sm:hidden">M</span>
            <span className="text-glow hidden font-display text-xl font-bold tracking-wide text-ink sm:inline">
              Manaspire
            </span>
          </button>
        ) : null}

        <nav
          aria-label="Main"
          className="hidden min-w-0 flex-1 items-center justify-center gap-0.5 overflow-x-auto lg:flex"
        >
          {model === null && !hidden.includes(BATTLE_ENTRY.id) ? (
            <NavItemPlaceholder entry={BATTLE_ENTRY} />
          ) : null}
          {renderItems("bar")}
        </nav>

        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          {questDone ? (
            <QuestButton compact onComplete={actions.completeQuest} className="lg:hidden" />
          ) : null}
          <AccountLink />
          <button
            type="button"
            onClick={actions.signOut}
            title="Sign out"
            className="grid size-10 place-items-center rounded-lg text-ink-faint transition-colors hover:bg-white/5 hover:text-ink lg:size-9"
          >
            <SignOutIcon className="size-5" />
            <span className="sr-only">Sign out</span>
          </button>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={isOpen}
            aria-controls="main-menu-list"
            onClick={() => {
              setMenuPath(pathname);
              setMenuOpen(!isOpen);
            }}
            className={cx(
              "relative grid size-10 place-items-center rounded-lg border transition-colors lg:hidden",
              isOpen
                ? "border-primary-light bg-primary/25 text-white"
                : "border-edge-bright bg-night-800 text-ink-muted hover:text-ink",
            )}
          >
            {isOpen ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
            <span className="sr-only">Menu</span>
            {unreadNews && !isOpen && !hidden.includes("news") ? (
              <span
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-red-500 ring-2 ring-night-900"
              />
            ) : null}
          </button>
        </div>
      </div>

      {isOpen ? (
        <div
          ref={menuRef}
          id="main-menu-list"
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-3.5rem)] animate-fade-in overflow-y-auto border-b border-edge bg-night-900 p-3 shadow-2xl lg:hidden"
        >
          <nav aria-label="Main" className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
            {renderItems("tile")}
          </nav>
        </div>
      ) : null}
    </header>
  );
}
