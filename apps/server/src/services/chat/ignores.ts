import { and, asc, eq, sql } from "drizzle-orm";
import { batchedRead, groupBy } from "../../db/batched-read";
import type { Db } from "../../db/client";
import { chatIgnores, players } from "../../db/schema";
import { idArray } from "../../world/item-store";

/** Persisted ignores: an ignored player's lines and whispers are not delivered to the ignorer. */
export class ChatIgnores {
  constructor(private readonly db: Db) {}

  /** The players someone ignores, id to name. */
  readonly load = batchedRead(
    (ids: readonly number[]) => this.loadMany(ids),
    () => new Map<number, string>(),
  );

  /** The ignores of several players, each by name (players asked for in one turn). */
  private async loadMany(playerIds: readonly number[]): Promise<Map<number, Map<number, string>>> {
    const rows = await this.db
      .select({ playerId: chatIgnores.playerId, id: chatIgnores.ignoredId, name: players.name })
      .from(chatIgnores)
      .innerJoin(players, eq(players.id, chatIgnores.ignoredId))
      .where(sql`${chatIgnores.playerId} = any(${idArray(playerIds)}::int8[])`)
      .orderBy(asc(players.name));
    const byPlayer = groupBy(rows, (r) => r.playerId);
    return new Map(
      [...byPlayer].map(([id, list]) => [id, new Map(list.map((r) => [r.id, r.name]))]),
    );
  }

  async add(playerId: number, ignoredId: number): Promise<void> {
    await this.db.insert(chatIgnores).values({ playerId, ignoredId }).onConflictDoNothing();
  }

  /** True when there was such an ignore. */
  async remove(playerId: number, ignoredId: number): Promise<boolean> {
    const rows = await this.db
      .delete(chatIgnores)
      .where(and(eq(chatIgnores.playerId, playerId), eq(chatIgnores.ignoredId, ignoredId)))
      .returning({ id: chatIgnores.ignoredId });
    return rows.length > 0;
  }

  async isIgnoring(playerId: number, ignoredId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: chatIgnores.ignoredId })
      .from(chatIgnores)
      .where(and(eq(chatIgnores.playerId, playerId), eq(chatIgnores.ignoredId, ignoredId)))
      .limit(1);
    return rows.length > 0;
  }
}
