/**
 * The embedded database in its own thread: PGlite does its work (parsing, planning, executing,
 * writing pages) here, so the game loop never waits on it. The main thread talks to it with
 * {@link ./pglite-remote.ts}: queries, and transactions held open across several messages.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction, types } from "@electric-sql/pglite";
import type { WorkerReply, WorkerRequest } from "./pglite-messages";

/** drizzle's pglite driver keeps date and time values as the database's text: so do we. */
const RAW_PARSERS = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((oid) => [oid, (value: string) => value]),
);

const port = parentPort;
if (!port) throw new Error("pglite-worker runs as a worker thread");

const db = new PGlite(workerData.dataDir as string, {
  // Compiled once by the main thread (pglite-remote.ts compiledPGlite); absent, PGlite compiles.
  pgliteWasmModule: workerData.pgliteWasmModule as WebAssembly.Module | undefined,
  initdbWasmModule: workerData.initdbWasmModule as WebAssembly.Module | undefined,
});
interface OpenTransaction {
  tx: Transaction;
  /** Ends it: commit, or roll back. */
  end: (commit: boolean) => void;
  /** Settles when it has committed or rolled back. */
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();

function reply(message: WorkerReply): void {
  port!.postMessage(message);
}

/** An error as plain data: the fields drizzle and our code read (code, detail, constraint…). */
function errorData(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { message: err.message, name: err.name };
  for (const key of [
    "code",
    "detail",
    "constraint",
    "table",
    "column",
    "schema",
    "severity",
    "hint",
  ]) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The database, or the open transaction `tx` (0: none). */
function runnerOf(tx: number): PGlite | Transaction {
  if (tx === 0) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

async function handle(req: WorkerRequest): Promise<void> {
  try {
    switch (req.kind) {
      case "query": {
        const runner = runnerOf(req.tx);
        const result = await runner.query(req.sql, req.params, {
          rowMode: req.rowMode,
          ...(req.rawDates ? { parsers: RAW_PARSERS } : {}),
        });
        reply({ id: req.id, ok: true, value: result });
        return;
      }
      case "exec": {
        const runner = runnerOf(req.tx);
        reply({ id: req.id, ok: true, value: await runner.exec(req.sql) });
        return;
      }
      case "begin": {
        // The transaction stays open until its "end": PGlite holds its lock meanwhile, so
        // other queries wait, as they would in the main thread.
        const entry = {} as OpenTransaction;
        const opened = new Promise<void>((resolve) => {
          entry.done = db
            .transaction(async (tx) => {
              entry.tx = tx;
              const commit = await new Promise<boolean>((end) => {
                entry.end = end;
                resolve();
              });
              if (!commit) await tx.rollback();
            })
            .finally(() => transactions.delete(req.tx));
        });
        entry.done.catch(() => {}); // "end" reports how it finished
        transactions.set(req.tx, entry);
        await Promise.race([opened, entry.done]);
        reply({ id: req.id, ok: true, value: null });
        return;
      }
      case "end": {
        const open = transactions.get(req.tx);
        if (!open) throw new Error(`transaction ${req.tx} is not open`);
        open.end(req.commit);
        await open.done;
        reply({ id: req.id, ok: true, value: null });
        return;
      }
      case "dump": {
        // A checkpoint first: the copy then needs little or no recovery when it is opened.
        await db.exec("CHECKPOINT");
        // Holding the transaction lock, no transaction is open and none starts: the copy is
        // one committed state of every table (PGlite does its work in this one thread).
        const file = await db._runExclusiveTransaction(() => db.dumpDataDir("gzip"));
        const bytes = new Uint8Array(await file.arrayBuffer());
        port!.postMessage({ id: req.id, ok: true, value: bytes } satisfies WorkerReply, [
          bytes.buffer,
        ]);
        return;
      }
      case "close": {
        await db.close();
        reply({ id: req.id, ok: true, value: null });
        return;
      }
    }
  } catch (err) {
    reply({ id: req.id, ok: false, error: errorData(err) });
  }
}

db.waitReady.then(
  () => reply({ id: 0, ok: true, value: "ready" }),
  (err) => reply({ id: 0, ok: false, error: errorData(err) }),
);
port.on("message", (req: WorkerRequest) => {
  void handle(req);
});
