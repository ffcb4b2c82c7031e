/**
 * The in-game changelog shown on /news, newest first. Append new entries at the top:
 * the News menu entry shows a red dot while the list is longer than the read count.
 */
export interface NewsEntry {
  /** Display date, e.g. "June 12, 2025". */
  date: string;
  title: string;
  points: readonly string[];
}

export const NEWS_ENTRIES: readonly NewsEntry[] = [
  {
    date: "June 28, 2025",
    title: "Public API and leaderboard rules",
    points: [
      "A public API now offers profiles, leaderboards, the guild list and the best market prices.",
      "Guilds with an API key find a link to the API documentation on their guild page.",
      "The Kills per Death leaderboard now needs at least 100K kills to qualify.",
    ],
  },
  {
    date: "June 20, 2025",
    title: "Market rules",
    points: [
      "You can have at most 1 open market order per item.",
      "Cancelling an order blocks a new order for that item for 10 minutes.",
      "The merchant now swaps fish, wood and iron at a 5:4 ratio, better with Ascension.",
    ],
  },
  {
    date: "June 12, 2025",
    title: "Battle round limit and enchanting",
    points: [
      "A battle now ends after at most 200 enemy attacks; reaching the limit counts as a loss.",
      "The enchanting skill cap is now 22 and rises by 1 every Monday.",
      "Staffs that match your spell's element deal 10% more damage.",
    ],
  },
  {
    date: "June 1, 2025",
    title: "Welcome to Manaspire",
    points: [
      "Battle through Radiant Grove and The Smoldering Marsh, then face the Worldshapers.",
      "Mine in the Ironclad Mines, fish at Azure Lake and chop in Elderwood Grove.",
      "Chat with other mages in the General, Trade, Help and Global channels.",
    ],
  },
];
