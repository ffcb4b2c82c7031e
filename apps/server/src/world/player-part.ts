import type { PgColumnBuilderBase } from "drizzle-orm/pg-core";

/**
 * One feature's part of a player's saved state (issue 26): its columns of the `players` table,
 * declared once, in the feature's folder. The table is assembled from the parts
 * (db/schema/players.ts), and so is everything the store derives from them: the dirty sets
 * (`Col`, player-columns.ts), the columns a flush writes and their SQL types, the fields a
 * loaded player holds (loaded-player.ts) and how the loader reads them.
 *
 * A column keeps its value in memory under its key (`farmHarvested` in `p.farmHarvested`):
 * whoever changes it calls `markDirty(p, Col.farmHarvested)` and the next flush writes it.
 * Adding a persisted field is one line in a part and the migration drizzle-kit generates.
 */
export interface PlayerPart<C extends Record<string, PgColumnBuilderBase>> {
  /** The feature that owns the part (for the docs and error messages). */
  readonly name: string;
  /** Its columns, keyed by the loaded player's field. */
  readonly columns: C;
  /**
   * Columns that only ever change with another of this part's columns, each written whenever
   * that one is (a title and its colour): they share its dirty flag.
   */
  readonly dirtyWith?: { readonly [K in keyof C]?: Exclude<keyof C, K> };
}

/** Declares a part (the identity: it checks the declaration and keeps its column types). */
export function playerPart<C extends Record<string, PgColumnBuilderBase>>(
  part: PlayerPart<C>,
): PlayerPart<C> {
  return part;
}
