import { ChatChannel, LootId } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { resultRows } from "../../src/db/runner";
import type { GameServer } from "../../src/server";
import { mark, type Player, setLoot, toastFor } from "./players";

/**
 * Guild helpers for integration tests: a fresh name, founding (with the 1,000 iron, fish and
 * wood a guild costs), inviting and joining, and giving a rank permissions.
 */

let seq = 0;
/** A fresh guild name (letters only). */
export function guildName(): string {
  seq++;
  const letters =
    `${Date.now().toString(36)}${seq.toString(36)}${process.pid.toString(36)}`.replace(
      /[0-9]/g,
      (d) => String.fromCharCode(97 + Number(d)),
    );
  return `Guild ${letters}`.slice(0, 30);
}

/** Gives the player what founding a guild costs. */
export function fundGuild(p: Player, amount = 1000): void {
  setLoot(p.loaded, LootId.Iron, amount);
  setLoot(p.loaded, LootId.Fish, amount);
  setLoot(p.loaded, LootId.Wood, amount);
}

/** The leader founds a guild; returns its id. */
export async function foundGuild(leader: Player, name = guildName()): Promise<number> {
  fundGuild(leader);
  const since = mark(leader);
  expect(await toastFor(leader, () => leader.client.send("createGuild", { name }))).toBe(
    `You founded ${name}.`,
  );
  const g = await leader.client.next("guild", (m) => m.guild?.name === name, { since });
  return g.guild?.id ?? 0;
}

/** The leader invites the member, who accepts (and gets the Guild channel). */
export async function joinGuild(leader: Player, member: Player, guildId: number): Promise<void> {
  const invited = member.client.next("toast", (m) => m.text.includes("invited you"), {
    since: mark(member),
  });
  expect(
    await toastFor(leader, () => leader.client.send("guildInvite", { name: member.name })),
  ).toBe(`You invited ${member.name}.`);
  await invited;
  const since = mark(member);
  expect(
    await toastFor(member, () => member.client.send("guildInviteAccept", { guildId })),
  ).toMatch(/^You joined /);
  await member.client.next("channels", (m) => m.channels.includes(ChatChannel.Guild), { since });
}

/** The leader creates (or edits) rank `id` with these permission bits and gives it to members. */
export async function giveRank(
  leader: Player,
  members: readonly Player[],
  id: number,
  bits: readonly number[],
): Promise<void> {
  const permission = bits.reduce((mask, b) => mask | (1 << b), 0);
  const name = `Rank${String.fromCharCode(97 + (id % 26))}`;
  const text = await toastFor(leader, () =>
    leader.client.send("guildUpdateRank", { oldId: 0, id, name, permission }),
  );
  if (text !== `Rank ${name} created.`) {
    expect(
      await toastFor(leader, () =>
        leader.client.send("guildUpdateRank", { oldId: id, id, name, permission }),
      ),
    ).toBe(`Rank ${name} saved.`);
  }
  for (const m of members) {
    expect(
      await toastFor(leader, () =>
        leader.client.send("guildPromote", { playerId: m.id, rank: id }),
      ),
    ).toBe(`${m.name} is now ${name}.`);
  }
}

/** The server's guild id for a player (the membership cache). */
export function guildOf(server: GameServer, p: Player): number | undefined {
  return server.guilds.guildOf(p.id);
}

/** Everything in the database about a guild (a refused call leaves it as it was). */
export async function guildSnapshot(server: GameServer, guildId: number): Promise<string> {
  const q = async (s: ReturnType<typeof sql>) => resultRows(await server.database.db.execute(s));
  return JSON.stringify([
    await q(sql`select name, owner_id, description, internal_description, motd, api_key, funds::text,
      upgrades::text, total_upgrades from guilds where id = ${guildId}`),
    await q(
      sql`select rank_id, name, permission from guild_ranks where guild_id = ${guildId} order by rank_id`,
    ),
    await q(
      sql`select player_id, rank_id, contributions::text from guild_members where guild_id = ${guildId} order by player_id`,
    ),
    await q(
      sql`select player_id from guild_invites where guild_id = ${guildId} order by player_id`,
    ),
  ]);
}

/** What a member's guild screen shows of a fund now: from the last `guild` message received. */
export function shownFunds(p: Player, lootId: number): number | undefined {
  for (let i = p.client.received.length - 1; i >= 0; i--) {
    const m = p.client.received[i];
    if (m?.type === "guild") return m.data.guild?.funds[lootId];
  }
  return undefined;
}
