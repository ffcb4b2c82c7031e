/** What the main thread asks the embedded database's thread (see pglite-worker.ts). */
export type WorkerRequest =
  | {
      id: number;
      kind: "query";
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      /** Keep date and time values as text (drizzle's parsers). */
      rawDates: boolean;
      /** Inside this open transaction; 0 outside. */
      tx: number;
    }
  | { id: number; kind: "exec"; sql: string; tx: number }
  | { id: number; kind: "begin"; tx: number }
  | { id: number; kind: "end"; tx: number; commit: boolean }
  | { id: number; kind: "close" }
  /** A consistent gzipped tarball of the data directory (a backup); the reply's value. */
  | { id: number; kind: "dump" };

/** The answer to request `id` (0: the database is ready, or failed to open). */
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };
