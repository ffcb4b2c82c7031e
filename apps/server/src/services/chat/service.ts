import {
  ChatChannel,
  hasVisibleText,
  LogCategory,
  parseChatText,
  sanitizeChatText,
} from "@manaspire/game";
import type { ChatEntry, ChatPart } from "@manaspire/protocol";
import type { FastifyBaseLogger } from "fastify";
import { type Bus, type BusMessage, LocalBus } from "../../cluster/bus";
import type { Db } from "../../db/client";
import { GameError, type HandlerContext } from "../../socket/handlers";
import type { Sessions } from "../../socket/sessions";
import type { LoadedPlayer } from "../../world/loaded-player";
import type { RoleOf } from "../../world/player-store";
import type { ActivityLog } from "../activity-log";
import { type GuildOf, noGuild } from "../guild-of";
import { findPlayerByName, shownName } from "../player-directory";
import { type LimiterStore, PROCESS_LIMITS, SharedWindowLimiter } from "../shared-window";
import { joinedChannels, sendRefusal } from "./channels";
import { ChatHistory, type NewLine, type StoredLine } from "./history";
import { ChatIgnores } from "./ignores";
import {
  DEFAULT_CHAT_EMOTES,
  PRUNE_INTERVAL_MS,
  RATE_LIMIT_LINES,
  RATE_LIMIT_WINDOW_MS,
} from "./limits";
import { type ChatItemLookup, linkedItemIds } from "./links";
import { ChatMembers } from "./members";
import { ChatMutes, formatDuration } from "./moderation";
import { RecentIds } from "./recent-ids";

export interface ChatOptions {
  /** Known emote names (default {@link DEFAULT_CHAT_EMOTES}). */
  emotes?: ReadonlySet<string>;
  /**
   * Resolves item links: the name and rarity of the items that exist among `ids` (the
   * sender's own items are looked up first). Without it every item link stays text.
   */
  itemLookup?: ChatItemLookup;
  /** The guild of a player (default: nobody has one). */
  guildOf?: GuildOf;
  /**
   * A player's role from their name and stored role (the operator's `ADMIN_NAMES` and
   * `MODERATOR_NAMES`); the stored role by default. Decides whom a moderator may mute.
   */
  roleOf?: RoleOf;
  log?: FastifyBaseLogger;
  pruneMs?: number;
  /** The other processes of the world (default: none). */
  bus?: Bus;
  /** Where the chat rate is counted: shared by the world's processes with Redis. */
  limits?: LimiterStore;
  /** The ids of the other live processes, for whisper presence. */
  otherProcesses?: () => readonly number[];
  /**
   * A whisper reached a player who has no socket open anywhere (and does not ignore the
   * sender): push notifications. Called on the sender's process only, once per whisper.
   */
  onOfflineWhisper?: (recipientId: number, from: string, text: string, lineId: number) => void;
  /**
   * Runs a job on one process of the world (default: here). `otherwise` runs on the others.
   */
  oncePerWorld?: (
    name: string,
    everyMs: number,
    job: () => Promise<unknown>,
    otherwise: () => void,
  ) => void;
}

/**
 * Chat: channel lines, whispers, slash commands, history, ignores and moderation.
 * Every line is validated, parsed into data-only parts, stored, then fanned out.
 */
export class ChatService {
  readonly history: ChatHistory;
  readonly members: ChatMembers;
  readonly ignores: ChatIgnores;
  readonly mutes: ChatMutes;
  readonly limiter: SharedWindowLimiter<number>;
  readonly guildOf: GuildOf;
  private readonly emotes: ReadonlySet<string>;
  private pruneTimer: NodeJS.Timeout | undefined;
  private readonly bus: Bus;
  /** Lines delivered here lately: a resync or an echo does not deliver them twice. */
  private readonly seen = new RecentIds(20_000);

  constructor(
    readonly db: Db,
    readonly sessions: Sessions,
    readonly activityLog: ActivityLog,
    readonly opts: ChatOptions = {},
  ) {
    this.guildOf = opts.guildOf ?? noGuild;
    this.emotes = opts.emotes ?? new Set(DEFAULT_CHAT_EMOTES);
    this.history = new ChatHistory(db);
    this.members = new ChatMembers(sessions, this.guildOf);
    this.ignores = new ChatIgnores(db);
    this.mutes = new ChatMutes(db);
    this.bus = opts.bus ?? new LocalBus();
    this.limiter = new SharedWindowLimiter(
      opts.limits ?? PROCESS_LIMITS,
      "chat",
      RATE_LIMIT_LINES,
      RATE_LIMIT_WINDOW_MS,
    );
    this.bus.on((msg) => this.hear(msg));
    this.bus.onResync((since) => {
      this.resync(since).catch((err) => opts.log?.error({ err }, "chat resync failed"));
    });
    // The rate limit outlives sockets (reconnecting does not reset it); the limiter drops a
    // player's entry once their last line has left the window.
  }

  /** The role of a player found by name: the stored one, or the operator's grant by name. */
  roleOf(target: { name: string; role: number }): number {
    return this.opts.roleOf ? this.opts.roleOf(target.name, target.role) : target.role;
  }

  /** Loads the shared channels' history and the running mutes; starts pruning. */
  async start(): Promise<void> {
    await this.history.load();
    await this.mutes.load();
    const everyMs = this.opts.pruneMs ?? PRUNE_INTERVAL_MS;
    if (this.opts.oncePerWorld) {
      this.opts.oncePerWorld(
        "chat-prune",
        everyMs,
        () => this.history.prune(),
        () => this.history.dropTouched(),
      );
      return;
    }
    this.pruneTimer = setInterval(() => {
      this.history
        .prune()
        .catch((err) => this.opts.log?.error({ err }, "chat history prune failed"));
    }, everyMs);
    this.pruneTimer.unref();
  }

  /** A stored line to its readers here and on every other process. */
  share(line: StoredLine): void {
    this.seen.add(line.entry.id);
    this.members.deliver(line);
    this.bus.publish({ k: "chat", line });
  }

  /** A toast for a player wherever their sockets are. */
  toastPlayer(playerId: number, text: string): void {
    this.sessions.send(playerId, "toast", { text });
    this.bus.publish({ k: "toast", playerId, text });
  }

  /** A moderator deleted a line: out of every cache and every chat box. */
  lineDeleted(id: number): void {
    this.members.forget(id);
    this.sessions.broadcast("chatDeleted", { id });
    this.bus.publish({ k: "chatDeleted", id });
  }

  /** A mute (until > now) or an unmute (0) set here: the other processes enforce it too. */
  muteChanged(playerId: number, until: number): void {
    this.bus.publish({ k: "mute", playerId, until });
  }

  /** True when the player has a socket on this or another process. */
  async isOnline(playerId: number): Promise<boolean> {
    if (this.sessions.has(playerId)) return true;
    if (!this.bus.distributed) return false;
    return this.bus.onlineOn(playerId, this.opts.otherProcesses?.() ?? []).catch(() => false);
  }

  /** What another process said. */
  private hear(msg: BusMessage): void {
    switch (msg.k) {
      case "chat":
        if (this.seen.has(msg.line.entry.id)) return;
        this.seen.add(msg.line.entry.id);
        this.history.remember(msg.line);
        this.members.deliver(msg.line);
        return;
      case "chatDeleted":
        this.history.forget(msg.id);
        this.members.forget(msg.id);
        this.sessions.broadcast("chatDeleted", { id: msg.id });
        return;
      case "mute":
        this.mutes.set(msg.playerId, msg.until);
        return;
      case "toast":
        this.sessions.send(msg.playerId, "toast", { text: msg.text });
        return;
      default:
        return;
    }
  }

  /** Bus messages from `sinceMs` on may be lost: lines from the database, mutes reloaded. */
  async resync(sinceMs: number): Promise<number> {
    let delivered = 0;
    for (const line of await this.history.since(sinceMs)) {
      if (this.seen.has(line.entry.id)) continue;
      this.seen.add(line.entry.id);
      this.history.remember(line);
      this.members.deliver(line);
      delivered++;
    }
    await this.mutes.reload();
    if (delivered > 0) this.opts.log?.info({ delivered }, "chat lines caught up after a resync");
    return delivered;
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    await this.history.idle();
  }

  /**
   * Text as data-only parts: links to real items (name and rarity from the server's item, never
   * the sender's claim) and loot, http(s) addresses, emotes.
   */
  async parse(text: string, sender?: LoadedPlayer): Promise<ChatPart[]> {
    const ids = this.opts.itemLookup ? linkedItemIds(text) : [];
    if (ids.length === 0 || !this.opts.itemLookup) {
      return parseChatText(text, { emotes: this.emotes }) as ChatPart[];
    }
    const found = await this.opts.itemLookup(ids.slice(0, 100), sender);
    return parseChatText(text, {
      emotes: this.emotes,
      itemLookup: (id) => found.get(id),
    }) as ChatPart[];
  }

  /**
   * The player's guild changed (joined, left, kicked): their tabs gain or lose Guild, and a
   * new member gets the guild's history.
   */
  async guildChanged(playerId: number): Promise<void> {
    if (!this.sessions.has(playerId)) return;
    const guildId = this.guildOf(playerId);
    this.sessions.send(playerId, "channels", { channels: joinedChannels(guildId) });
    if (guildId !== undefined) {
      const entries = await this.history.guildLines(guildId);
      if (entries.length > 0) this.sessions.send(playerId, "chatHistory", { entries });
    }
  }

  /** After hydrate: joined channels, ignore list, then the history; then lines go live. */
  async hydrate({ conn, player }: HandlerContext): Promise<void> {
    if (!this.sessions.has(player.id)) return;
    const member = this.members.begin(player.id);
    try {
      const guildId = this.guildOf(player.id);
      const [ignores, whispers, guildLines] = await Promise.all([
        this.ignores.load(player.id),
        this.history.whispersOf(player.id),
        guildId === undefined ? Promise.resolve([]) : this.history.guildLines(guildId),
      ]);
      const entries: ChatEntry[] = [];
      for (const list of [this.history.publicLines(), guildLines, whispers]) {
        for (const e of list) {
          if (e.senderId === player.id || !ignores.has(e.senderId)) entries.push(e);
        }
      }
      entries.sort((a, b) => a.id - b.id);
      conn.send("channels", { channels: joinedChannels(guildId) });
      conn.send("ignoreList", { names: [...ignores.values()] });
      conn.send("chatHistory", { entries });
      this.members.ready(player.id, member, ignores, new Set(entries.map((e) => e.id)));
    } catch (err) {
      this.members.abort(player.id, member);
      throw err;
    }
  }

  /** A line in a channel. */
  async say(player: LoadedPlayer, channel: number | undefined, text: string): Promise<void> {
    const guildId = this.guildOf(player.id);
    const refusal = sendRefusal(channel, player.role, guildId);
    if (refusal) throw new GameError(refusal);
    this.checkMuted(player);
    const line: NewLine = {
      channel: channel as ChatChannel,
      sender: senderOf(player),
      text,
      parts: await this.parse(text, player),
      at: Date.now(),
    };
    if (channel === ChatChannel.Guild && guildId !== undefined) line.guildId = guildId;
    this.share(await this.history.append(line));
  }

  /** `/w name message`: stored in Whispers, delivered to both parties, logged for both. */
  async whisper({ conn, player }: HandlerContext, name: string, text: string): Promise<void> {
    if (name === "" || !hasVisibleText(text)) throw new GameError("Usage: /w name message");
    this.checkMuted(player);
    const target = await findPlayerByName(this.db, name);
    if (!target) throw new GameError(`Player ${shownName(name)} not found.`);
    if (target.id === player.id) throw new GameError("You cannot whisper yourself.");
    const now = Date.now();
    const stored = await this.history.append({
      channel: ChatChannel.Whispers,
      sender: senderOf(player),
      recipient: { id: target.id, name: target.name },
      text,
      parts: await this.parse(text, player),
      at: now,
    });
    // Whether the recipient is online is asked as the line goes out (not after the slower
    // steps below), so a recipient who reads it and then leaves gets no push of it.
    const online = this.isOnline(target.id);
    this.share(stored);
    this.activityLog.record(
      player.id,
      LogCategory.Whisper,
      `Whisper to ${target.name}: ${text}`,
      now,
    );
    const member = this.members.get(target.id);
    const ignoring =
      member && member.pending === null
        ? member.ignores.has(player.id)
        : await this.ignores.isIgnoring(target.id, player.id);
    if (!ignoring) {
      this.activityLog.record(
        target.id,
        LogCategory.Whisper,
        `Whisper from ${player.name}: ${text}`,
        now,
      );
    }
    if (!(await online)) {
      conn.toast(`${target.name} is offline and will see your whisper next time.`);
      if (!ignoring) this.opts.onOfflineWhisper?.(target.id, player.name, text, stored.entry.id);
    }
  }

  /** A line from the server itself (sender id 0, "System"), e.g. event news in Notifications. */
  async postSystem(channel: ChatChannel, text: string): Promise<ChatEntry> {
    // The protocol carries at most 1000 characters per part.
    const clean = sanitizeChatText(text).slice(0, 1000);
    const stored = await this.history.append({
      channel,
      sender: null,
      text: clean,
      parts: await this.parse(clean),
      at: Date.now(),
    });
    this.share(stored);
    return stored.entry;
  }

  /** Sends a player's ignore list to all their sockets. */
  sendIgnoreList(playerId: number, ignores: Map<number, string>): void {
    this.sessions.send(playerId, "ignoreList", { names: [...ignores.values()] });
  }

  /** Counts one message against the player's chat rate; refuses a flood with a toast. */
  async takeRate(player: LoadedPlayer, now = Date.now()): Promise<void> {
    const decision = await this.limiter.take(player.id, now);
    if (!decision.ok) {
      const seconds = Math.max(1, Math.ceil(decision.retryInMs / 1000));
      throw new GameError(`You are sending messages too fast; wait ${seconds} s.`);
    }
  }

  checkMuted(player: LoadedPlayer, now = Date.now()): void {
    const left = this.mutes.remainingMs(player.id, now);
    if (left > 0) throw new GameError(`You are muted for another ${formatDuration(left)}.`);
  }
}

function senderOf(player: LoadedPlayer): NonNullable<NewLine["sender"]> {
  return {
    id: player.id,
    name: player.name,
    role: player.role,
    title: player.title,
    titleColor: player.titleColor,
  };
}
