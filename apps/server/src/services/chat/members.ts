import { ChatChannel } from "@manaspire/game";
import { type ChatEntry, serverProtocol } from "@manaspire/protocol";
import type { Sessions } from "../../socket/sessions";
import type { GuildOf } from "../guild-of";
import type { StoredLine } from "./history";

/** Lines held for one member while their history loads; more are dropped. */
const MAX_PENDING = 1000;

/** A connected player who has received their chat history and now gets lines live. */
export interface ChatMember {
  /** Players this member ignores, id to name. */
  ignores: Map<number, string>;
  /** Lines that arrived while the history was loading; null once live. */
  pending: ChatEntry[] | null;
}

/**
 * Fan-out: who receives a line. Shared channels go to every member, Guild to the members of
 * that guild, Whispers to the two parties. A member never receives lines of a player they
 * ignore; the sender always gets their own copy. Each line is encoded once.
 */
export class ChatMembers {
  private readonly members = new Map<number, ChatMember>();

  constructor(
    private readonly sessions: Sessions,
    private readonly guildOf: GuildOf,
  ) {
    sessions.onPresence((playerId, online) => {
      if (!online) this.members.delete(playerId);
    });
  }

  get(playerId: number): ChatMember | undefined {
    return this.members.get(playerId);
  }

  get size(): number {
    return this.members.size;
  }

  /** A player asked for their history: their lines are held until {@link ready}. */
  begin(playerId: number): ChatMember {
    const member: ChatMember = { ignores: new Map(), pending: [] };
    this.members.set(playerId, member);
    return member;
  }

  /** The history (ids in `sent`) went out: sends the held lines it did not contain, goes live. */
  ready(
    playerId: number,
    member: ChatMember,
    ignores: Map<number, string>,
    sent: ReadonlySet<number>,
  ): void {
    member.ignores = ignores;
    const held = member.pending ?? [];
    member.pending = null;
    if (this.members.get(playerId) !== member) return;
    if (!this.sessions.has(playerId)) {
      this.members.delete(playerId);
      return;
    }
    for (const entry of held) {
      if (!sent.has(entry.id) && !hides(member, entry)) {
        this.sessions.send(playerId, "chatLine", { entry });
      }
    }
  }

  /** Loading the history failed: the player is not a member. */
  abort(playerId: number, member: ChatMember): void {
    if (this.members.get(playerId) === member) this.members.delete(playerId);
  }

  deliver(line: StoredLine): void {
    const { entry } = line;
    const frame = serverProtocol.encode("chatLine", { entry });
    const senderId = entry.senderId;
    if (senderId !== 0) this.sendTo(senderId, entry, frame, true);
    if (entry.channel === ChatChannel.Whispers) {
      if (line.recipientId !== undefined && line.recipientId !== senderId) {
        this.sendTo(line.recipientId, entry, frame, false);
      }
      return;
    }
    for (const playerId of this.members.keys()) {
      if (playerId === senderId) continue;
      if (entry.channel === ChatChannel.Guild && this.guildOf(playerId) !== line.guildId) continue;
      this.sendTo(playerId, entry, frame, false);
    }
  }

  /** A line was deleted: it must not be sent from a held list either. */
  forget(id: number): void {
    for (const member of this.members.values()) {
      if (member.pending) member.pending = member.pending.filter((e) => e.id !== id);
    }
  }

  private sendTo(playerId: number, entry: ChatEntry, frame: Uint8Array, own: boolean): void {
    const member = this.members.get(playerId);
    if (!member) {
      // Not hydrated yet: only the sender's own copy goes out; the rest comes with history.
      if (own) this.sessions.sendFrame(playerId, frame);
      return;
    }
    if (!own && hides(member, entry)) return;
    if (member.pending) {
      if (member.pending.length < MAX_PENDING) member.pending.push(entry);
      return;
    }
    this.sessions.sendFrame(playerId, frame);
  }
}

function hides(member: ChatMember, entry: ChatEntry): boolean {
  return entry.senderId !== 0 && member.ignores.has(entry.senderId);
}
