import { matchPath } from "react-router";

/** The product name every document title ends with. */
export const PRODUCT = "Manaspire";

/** Each screen's document title (spec 000 and 001 section 2), by route pattern. */
const TITLES: ReadonlyArray<
  readonly [string, string | ((params: Record<string, string>) => string)]
> = [
  ["/", "Battle"],
  ["/town", "Town"],
  ["/research", "Research"],
  ["/inventory", "Inventory"],
  ["/inventory/:itemId/upgrade", "Upgrade item"],
  ["/sigils", "Sigils"],
  ["/event", "Event"],
  ["/profile", "Profile"],
  ["/profile/:name", (params) => `${params.name ?? ""}'s profile`],
  ["/market", "Market"],
  ["/market/my-orders", "My orders"],
  ["/guild/list", "Guilds"],
  ["/guild/list/:id", "Guild"],
  ["/guild/log", "Guild log"],
  ["/guild/*", "Guild"],
  ["/farm", "Farm"],
  ["/rules", "Rules"],
  ["/rankings", "Rankings"],
  ["/activity-log", "Activity log"],
  ["/settings", "Settings"],
  ["/account", "Account"],
  ["/news", "News"],
  ["/shop", "Premium shop"],
  ["/dungeon", "Dungeon"],
  ["/dungeon-guild", "Guild dungeon"],
  ["/dungeon-shop", "Dungeon shop"],
  ["/pets", "Pets"],
  ["/login", "Sign in"],
  ["/privacy", "Privacy policy"],
  ["/terms", "Terms of service"],
  ["/about", "About"],
  ["/developers", "Public API"],
];

/** The title of the screen at `pathname` ("Not found" for an unknown address). */
export function titleFor(pathname: string): string {
  for (const [pattern, title] of TITLES) {
    const match = matchPath({ path: pattern, end: true }, pathname);
    if (match) {
      return typeof title === "string" ? title : title(match.params as Record<string, string>);
    }
  }
  return "Not found";
}

/** "Town · Manaspire". */
export function documentTitle(title: string): string {
  return title === "" ? PRODUCT : `${title} · ${PRODUCT}`;
}
