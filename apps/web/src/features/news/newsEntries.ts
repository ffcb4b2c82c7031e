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
    date: "November 27, 2026",
    title: "Guild dungeons together, the Farm board and the public API",
    points: [
      "Guildmates exploring the same guild dungeon floor now see each other on the map and in an On this floor list; Always Show Names shows every name.",
      "The Farm leaderboard counts the herbs you collect from your farm, from today on.",
      "A push notification tells you when a potion runs out while the game is closed.",
      "The public API answers player profiles (GET /api/players/{id or name}), leaderboards (GET /api/leaderboards/{type}), guilds (GET /api/guilds) and the market (GET /api/market): see Public API at the foot of the sign-in page.",
      "The Kills per Death leaderboard lists mages from 100K kills on.",
    ],
  },
  {
    date: "November 25, 2026",
    title: "Market, farm, pets and rankings",
    points: [
      "The market opens: trade every tradeable resource on its order book, swap with the merchant, and list and search equipment.",
      "Grow herbs on your farm, brew potions and raise pets that fight and gather beside you.",
      "Rankings and public profiles: see where you stand on every board, and who stands above you.",
      "Sign in with an outside account where your world offers one, and link several sign-ins to one mage from Settings.",
    ],
  },
  {
    date: "November 25, 2026",
    title: "Settings and push notifications",
    points: [
      "Settings now gathers your referrer link, push notifications, game and UI preferences, colours and menu items in one place.",
      "Push notifications reach your devices while the game is closed: whispers, a completed quest and running out of actions, each switchable per device.",
      "Pick your own primary and chat channel colours, and hide any top bar entry, the logo included.",
    ],
  },
  {
    date: "June 28, 2025",
    title: "Public market API",
    points: [
      "GET /api/market answers the best buy and sell price of every item.",
      "GET /api/market/{lootId}/history answers an item's hourly or daily price candles.",
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
      "Chat with other mages in the General, Trade and Help channels, and whisper with /w.",
    ],
  },
];
