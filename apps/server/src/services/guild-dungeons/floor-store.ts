import { createRng, guildFloorReward, LogCategory, seedFrom } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../../db/runner";
import { type Credit, CreditKind, insertCredit } from "../../world/credits";
import { logGuild } from "../guilds/guild-store";

/**
 * The guild dungeon's shared state in the database (docs/features/guild-dungeons.md "Guild dungeons"):
 * each guild's floor (`guilds.dungeon_level`) and the objectives completed on it. Every write
 * locks the guild's row first, like every other guild change, so completions, the level-up
 * and membership changes happen one after another on every process.
 */

export interface DoneObjective {
  objective: number;
  playerId: number;
  playerName: string;
  at: number;
}

export interface Floor {
  guildId: number;
  level: number;
  done: DoneObjective[];
}

/** A guild's floor and what is done on it (no lock); undefined when the guild is gone. */
export async function readFloor(tx: Runner, guildId: number): Promise<Floor | undefined> {
  const [g] = resultRows<{ dungeon_level: number }>(
    await tx.execute(sql`select dungeon_level from guilds where id = ${guildId}`),
  );
  if (!g) return undefined;
  const level = Number(g.dungeon_level);
  const done = resultRows<{
    objective: number;
    player_id: string | number;
    player_name: string;
    completed_at: string | Date;
  }>(
    await tx.execute(sql`
      select objective, player_id, player_name, completed_at from guild_dungeon_objectives
      where guild_id = ${guildId} and level = ${level} order by objective`),
  ).map((r) => ({
    objective: Number(r.objective),
    playerId: Number(r.player_id),
    playerName: r.player_name,
    at: new Date(r.completed_at).getTime(),
  }));
  return { guildId, level, done };
}

export type Completion =
  /** Recorded for this player; `cleared` when it was the floor's last. */
  | { kind: "done"; cleared?: { nextLevel: number; credits: Credit[] } }
  /** Another member completed it first. */
  | { kind: "already"; by: string }
  /** The guild is on another floor now (or gone). */
  | { kind: "stale"; level: number }
  /** The player is no longer in that guild. */
  | { kind: "notMember" };

/**
 * Completes one objective of the floor `level` of a guild for a member, in one transaction
 * under the guild row's lock: refused when the player is no longer a member or the guild moved
 * on; a second completion of the same objective inserts nothing (primary key). When this was
 * the floor's last objective, the DungeonLevel rises by one and every member who completed one
 * of its objectives gets the floor's reward as a credit, in the same transaction.
 */
export async function completeObjective(
  tx: Runner,
  c: {
    guildId: number;
    level: number;
    objective: number;
    total: number;
    playerId: number;
    playerName: string;
    now: number;
  },
): Promise<Completion> {
  const [g] = resultRows<{ dungeon_level: number }>(
    await tx.execute(sql`select dungeon_level from guilds where id = ${c.guildId} for update`),
  );
  const [member] = resultRows<{ guild_id: string | number }>(
    await tx.execute(sql`select guild_id from guild_members where player_id = ${c.playerId}`),
  );
  if (!g || !member || Number(member.guild_id) !== c.guildId) return { kind: "notMember" };
  const level = Number(g.dungeon_level);
  if (level !== c.level) return { kind: "stale", level };
  const inserted = resultRows(
    await tx.execute(sql`
      insert into guild_dungeon_objectives (guild_id, level, objective, player_id, player_name, completed_at)
      values (${c.guildId}, ${c.level}, ${c.objective}, ${c.playerId}, ${c.playerName},
        ${new Date(c.now).toISOString()}::timestamptz)
      on conflict do nothing
      returning objective`),
  );
  if (inserted.length === 0) {
    const [by] = resultRows<{ player_name: string }>(
      await tx.execute(sql`
        select player_name from guild_dungeon_objectives
        where guild_id = ${c.guildId} and level = ${c.level} and objective = ${c.objective}`),
    );
    return { kind: "already", by: by?.player_name ?? "" };
  }
  const [count] = resultRows<{ n: string | number }>(
    await tx.execute(sql`
      select count(*) as n from guild_dungeon_objectives
      where guild_id = ${c.guildId} and level = ${c.level}`),
  );
  if (Number(count?.n ?? 0) < c.total) return { kind: "done" };
  return { kind: "done", cleared: await clearFloor(tx, c.guildId, c.level) };
}

/** The floor's last objective fell: the next floor, and the contributors' rewards. */
async function clearFloor(
  tx: Runner,
  guildId: number,
  level: number,
): Promise<{ nextLevel: number; credits: Credit[] }> {
  await tx.execute(
    sql`update guilds set dungeon_level = ${level + 1} where id = ${guildId} and dungeon_level = ${level}`,
  );
  // Contributors still in the guild, each once.
  const contributors = resultRows<{ player_id: string | number }>(
    await tx.execute(sql`
      select distinct o.player_id from guild_dungeon_objectives o
      join guild_members m on m.player_id = o.player_id and m.guild_id = o.guild_id
      where o.guild_id = ${guildId} and o.level = ${level}
      order by o.player_id`),
  ).map((r) => Number(r.player_id));
  const credits: Credit[] = [];
  for (const playerId of contributors) {
    const loot = guildFloorReward(level, createRng(seedFrom(guildId, level, playerId, 0xf100)));
    credits.push(
      await insertCredit(tx, {
        playerId,
        kind: CreditKind.Loot,
        loot,
        itemId: null,
        note: `Your guild cleared dungeon floor ${level}: your share of its treasure arrived.`,
      }),
    );
  }
  await logGuild(
    tx,
    guildId,
    LogCategory.GuildUpgrade,
    `The guild cleared dungeon floor ${level} (${contributors.length} contributor${contributors.length === 1 ? "" : "s"} rewarded); the guild dungeon is now level ${level + 1}.`,
  );
  return { nextLevel: level + 1, credits };
}
