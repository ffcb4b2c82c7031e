import { ActionType } from "@manaspire/game";

/**
 * Top navigation entries, in order (spec 000 section 2 "Top navigation entries").
 * Ids are what the "menu-hidden" list stores; "logo" may be hidden as well.
 */

export type NavIconKey =
  | "battle"
  | "mining"
  | "fishing"
  | "woodcutting"
  | "town"
  | "research"
  | "inventory"
  | "farm"
  | "market"
  | "guild"
  | "dungeon"
  | "pets"
  | "log"
  | "rankings"
  | "news"
  | "rules"
  | "premium"
  | "settings";

export type NavEntryId = NavIconKey;

export interface NavEntry {
  id: NavEntryId;
  label: string;
  to: string;
  icon: NavIconKey;
  /** Activity entries: shown only for this action type; a click sets it. */
  actionType?: ActionType;
}

export const LOGO_ID = "logo";

/** The activity entry of the main view's default (None counts as Battle). */
export const BATTLE_ENTRY: NavEntry = {
  id: "battle",
  label: "Battle",
  to: "/",
  icon: "battle",
  actionType: ActionType.Battle,
};

export const NAV_ENTRIES: readonly NavEntry[] = [
  BATTLE_ENTRY,
  { id: "mining", label: "Mining", to: "/", icon: "mining", actionType: ActionType.Mining },
  { id: "fishing", label: "Fishing", to: "/", icon: "fishing", actionType: ActionType.Fishing },
  {
    id: "woodcutting",
    label: "Woodcutting",
    to: "/",
    icon: "woodcutting",
    actionType: ActionType.Woodcutting,
  },
  { id: "town", label: "Town", to: "/town", icon: "town" },
  { id: "research", label: "Research", to: "/research", icon: "research" },
  { id: "inventory", label: "Inventory", to: "/inventory", icon: "inventory" },
  { id: "farm", label: "Farm", to: "/farm", icon: "farm" },
  { id: "market", label: "Market", to: "/market", icon: "market" },
  { id: "guild", label: "Guild", to: "/guild", icon: "guild" },
  { id: "dungeon", label: "Dungeon", to: "/dungeon-shop", icon: "dungeon" },
  { id: "pets", label: "Pets", to: "/pets", icon: "pets" },
  { id: "log", label: "Log", to: "/activity-log", icon: "log" },
  { id: "rankings", label: "Rankings", to: "/rankings", icon: "rankings" },
  { id: "news", label: "News", to: "/news", icon: "news" },
  { id: "rules", label: "Rules", to: "/rules", icon: "rules" },
  { id: "premium", label: "Premium", to: "/shop", icon: "premium" },
  { id: "settings", label: "Settings", to: "/settings", icon: "settings" },
];

/**
 * The activity entry shown for an action type. None counts as Battle, because the
 * main view shows the battle view for both.
 */
export function activityEntryIdFor(actionType: ActionType): NavEntryId {
  switch (actionType) {
    case ActionType.Mining:
      return "mining";
    case ActionType.Fishing:
      return "fishing";
    case ActionType.Woodcutting:
      return "woodcutting";
    default:
      return "battle";
  }
}

/** Entries to show: only the current activity, minus the hidden ones. */
export function visibleNavEntries(
  actionType: ActionType | null,
  hidden: readonly string[],
): NavEntry[] {
  const activity = actionType === null ? null : activityEntryIdFor(actionType);
  return NAV_ENTRIES.filter((entry) => {
    if (hidden.includes(entry.id)) return false;
    if (entry.actionType !== undefined) return entry.id === activity;
    return true;
  });
}

/** Is this non-activity entry the current page? (Activity entries: path "/" only.) */
export function isNavEntryActive(entry: NavEntry, pathname: string): boolean {
  if (entry.to === "/") return pathname === "/";
  return (
    pathname === entry.to ||
    pathname.startsWith(`${entry.to}/`) ||
    (entry.id === "dungeon" && pathname.startsWith("/dungeon"))
  );
}
