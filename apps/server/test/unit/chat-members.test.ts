import { ChatChannel } from "@manaspire/game";
import { type ChatEntry, serverProtocol } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import type { StoredLine } from "../../src/services/chat/history";
import { ChatMembers } from "../../src/services/chat/members";
import { Connection } from "../../src/socket/connection";
import { Sessions } from "../../src/socket/sessions";

/** Sessions with one fake socket per player, recording the chat line ids each receives. */
function setup(guilds: Record<number, number> = {}) {
  const sessions = new Sessions();
  const received = new Map<number, number[]>();
  const connect = (playerId: number) => {
    const lines: number[] = [];
    received.set(playerId, lines);
    const socket = {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      send(frame: Uint8Array) {
        const m = serverProtocol.decode(frame);
        if (m.type === "chatLine") lines.push(m.data.entry.id);
      },
      terminate() {},
    } as unknown as WebSocket;
    const conn = new Connection(socket, playerId);
    sessions.add(conn);
    return conn;
  };
  const members = new ChatMembers(sessions, (id) => guilds[id]);
  return { sessions, members, received, connect };
}

let nextId = 1;
function line(
  senderId: number,
  channel: number,
  extra: { guildId?: number; recipientId?: number } = {},
): StoredLine {
  const entry: ChatEntry = {
    id: nextId++,
    timestamp: 0,
    channel: channel as ChatEntry["channel"],
    senderId,
    senderRole: 0,
    senderTitle: "",
    senderTitleColor: "",
    senderName: `P${senderId}`,
    message: [{ kind: 1, text: "hi" }],
  };
  return { entry, guildId: extra.guildId, recipientId: extra.recipientId };
}

function live(members: ChatMembers, id: number, ignores: Array<[number, string]> = []) {
  members.ready(id, members.begin(id), new Map(ignores), new Set());
}

describe("ChatMembers fan-out", () => {
  it("sends shared-channel lines to every member, except to those ignoring the sender", () => {
    const { members, received, connect } = setup();
    for (const id of [1, 2, 3, 4]) connect(id);
    live(members, 1);
    live(members, 2, [[1, "P1"]]);
    live(members, 3);
    // Player 4 is connected but has not hydrated: it gets lines with its history instead.
    const l = line(1, ChatChannel.General);
    members.deliver(l);
    expect(received.get(1)).toEqual([l.entry.id]);
    expect(received.get(2)).toEqual([]);
    expect(received.get(3)).toEqual([l.entry.id]);
    expect(received.get(4)).toEqual([]);
  });

  it("sends Guild lines to that guild's members only", () => {
    const { members, received, connect } = setup({ 1: 10, 2: 10, 3: 20 });
    for (const id of [1, 2, 3, 4]) {
      connect(id);
      live(members, id);
    }
    const l = line(1, ChatChannel.Guild, { guildId: 10 });
    members.deliver(l);
    expect([1, 2, 3, 4].map((id) => received.get(id)?.length)).toEqual([1, 1, 0, 0]);
  });

  it("sends whispers to the two parties only, even a sender who has not hydrated", () => {
    const { members, received, connect } = setup();
    for (const id of [1, 2, 3]) connect(id);
    live(members, 2);
    live(members, 3);
    const l = line(1, ChatChannel.Whispers, { recipientId: 2 });
    members.deliver(l);
    expect([1, 2, 3].map((id) => received.get(id)?.length)).toEqual([1, 1, 0]);
    const ignored = setup();
    for (const id of [1, 2]) ignored.connect(id);
    live(ignored.members, 2, [[1, "P1"]]);
    ignored.members.deliver(line(1, ChatChannel.Whispers, { recipientId: 2 }));
    expect(ignored.received.get(2)).toEqual([]);
    expect(ignored.received.get(1)).toHaveLength(1);
  });

  it("holds lines while history loads, then sends those the history lacked", () => {
    const { members, received, connect } = setup();
    connect(1);
    connect(2);
    live(members, 2);
    const member = members.begin(1);
    const inHistory = line(2, ChatChannel.General);
    const after = line(2, ChatChannel.Trade);
    const ignoredLine = line(3, ChatChannel.Help);
    const deleted = line(2, ChatChannel.Help);
    for (const l of [inHistory, after, ignoredLine, deleted]) members.deliver(l);
    members.forget(deleted.entry.id);
    expect(received.get(1)).toEqual([]);
    members.ready(1, member, new Map([[3, "P3"]]), new Set([inHistory.entry.id]));
    expect(received.get(1)).toEqual([after.entry.id]);
    const next = line(2, ChatChannel.General);
    members.deliver(next);
    expect(received.get(1)).toEqual([after.entry.id, next.entry.id]);
  });

  it("drops a member when their last socket closes", () => {
    const { members, sessions, connect } = setup();
    const a = connect(1);
    const b = connect(1);
    live(members, 1);
    sessions.remove(a);
    expect(members.get(1)).toBeDefined();
    sessions.remove(b);
    expect(members.get(1)).toBeUndefined();
  });
});
