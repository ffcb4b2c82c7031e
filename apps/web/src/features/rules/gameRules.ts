/** The 7 game rules (spec 001 sections 2 and 9), shown on /rules (the Notice Board). */
export interface GameRule {
  title: string;
  text: string;
}

export const GAME_RULES: readonly GameRule[] = [
  {
    title: "Respect others",
    text: "Treat every player with respect: no harassment, hate speech, threats or spamming in chat, whispers, names or profiles.",
  },
  {
    title: "Keep it safe",
    text: "Keep chat suitable for everyone: no explicit content, no sharing of personal information, and never post links to malicious sites.",
  },
  {
    title: "No automation",
    text: "Play with your own hands: bots, macros, scripts, auto-clickers and modified clients that act for you are not allowed.",
  },
  {
    title: "No scamming",
    text: "Honour your trades and deals; tricking players out of items, currency or accounts is forbidden, and so is real-money trading.",
  },
  {
    title: "One account per person",
    text: "Each player may own a single account; alternate accounts used to gain any advantage will be banned together with the main.",
  },
  {
    title: "No account sharing",
    text: "Do not share, lend, sell or buy accounts, and never let someone else play on yours, not even to keep your actions running.",
  },
  {
    title: "No bug abuse",
    text: "If you find a bug or exploit, report it instead of using it; knowingly profiting from a bug can lead to a reset or a ban.",
  },
];
