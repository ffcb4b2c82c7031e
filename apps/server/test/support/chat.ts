import type { ChatEntry } from "@manaspire/protocol";
import { eq } from "drizzle-orm";
import { accounts } from "../../src/db/schema";
import type { GameServer } from "../../src/server";
import { connect, type Player } from "./players";
import { api } from "./server";

/** A connected player as the chat sees them: their role and the history sent at hydrate. */
export interface ChatPlayer extends Player {
  /** The role in the player state. */
  role: number;
  history: ChatEntry[];
}

/** Connects with a token and waits for the chat history too. */
export async function chatPlayer(server: GameServer, token: string): Promise<ChatPlayer> {
  const p = await connect(server, token);
  const state = await p.client.next("playerState");
  const { entries } = await p.client.next("chatHistory");
  return { ...p, role: state.player.role, history: entries };
}

/** Registers exactly `name` (chat tests address players by name) and connects. */
export async function chatPlayerNamed(server: GameServer, name: string): Promise<ChatPlayer> {
  const res = await api(server, "/api/auth/register", { username: name, password: "pass1234" });
  if (!res.body.token) throw new Error(`register ${name}: ${JSON.stringify(res.body)}`);
  return chatPlayer(server, res.body.token);
}

/** A line's text, its parts joined. */
export function lineText(entry: ChatEntry): string {
  return entry.message.map((part) => part.text).join("");
}

/** The chat lines `p` received whose text contains `text`. */
export function linesWith(p: Player, text: string): ChatEntry[] {
  return p.client.received
    .filter((m) => m.type === "chatLine")
    .map((m) => (m.data as { entry: ChatEntry }).entry)
    .filter((e) => lineText(e).includes(text));
}

/** Sends a chat text and returns the toast it causes (the chat rate is reset first). */
export async function chatToast(
  server: GameServer,
  p: Player,
  text: string,
  channel?: 1 | 2 | 3 | 4 | 5 | 6 | 7,
): Promise<string> {
  server.chat.limiter.forget(p.id);
  const since = p.client.received.length;
  p.client.send("chat", channel === undefined ? { text } : { channel, text });
  return (await p.client.next("toast", () => true, { since })).text;
}

/** Sends a General line and waits until each watcher receives it (everything before it arrived). */
export async function marker(server: GameServer, from: Player, watchers: Player[]): Promise<void> {
  const text = `marker ${Math.random().toString(36).slice(2)}`;
  server.chat.limiter.forget(from.id);
  from.client.send("chat", { channel: 1, text });
  for (const w of watchers) await w.client.next("chatLine", (m) => lineText(m.entry) === text);
}

/** Grants a role as an operator would (accounts.role) and on the loaded player. */
export async function setRole(server: GameServer, p: Player, role: 0 | 1 | 2): Promise<void> {
  p.loaded.role = role;
  await server.database.db
    .update(accounts)
    .set({ role })
    .where(eq(accounts.id, p.loaded.accountId));
}
