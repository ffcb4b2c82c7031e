import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatIgnores, players } from "../../db/schema";

/** Persisted ignores: an ignored player's lines and whispers are not delivered to the ignorer. */
export class ChatIgnores {
  constructor(private readonly db: Db) {}

  /** The players someone ignores, id to name. */
  async load(playerId: number): Promise<Map<number, string>> {
    const rows = await this.db
      .select({ id: chatIgnores.ignoredId, name: players.name })
      .from(chatIgnores)
      .innerJoin(players, eq(players.id, chatIgnores.ignoredId))
      .where(eq(chatIgnores.playerId, playerId))
      .orderBy(asc(players.name));
    return new Map(rows.map((r) => [r.id, r.name]));
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
