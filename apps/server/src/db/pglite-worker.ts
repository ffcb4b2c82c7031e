/**
 * The embedded database in its own thread: PGlite does its work (parsing, planning, executing,
 * writing pages) here, so the game loop never waits on it. The main thread talks to it with
 * {@link ./pglite-remote.ts}: queries, and transactions held open across several messages.
 * The same file runs as a child process (`fork`, its data directory and shared_buffers as
 * arguments) for the first-time setup of a new world, whose memory then goes back to the
 * system when it exits.
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

/**
 * PostgreSQL's page cache inside the WebAssembly memory, unless PGLITE_SHARED_BUFFERS says
 * otherwise. PGlite leaves it at initdb's 128 MB, all of it resident as soon as the database
 * opens (and WebAssembly memory never shrinks). Pages not held here are read back from the
 * files in DATA_DIR, which the operating system caches outside the process: a small cache
 * costs little and saves ~110 MB resident.
 */
const SHARED_BUFFERS = "16MB";

/** The main thread (worker thread), or the parent process (child process). */
interface Channel {
  dataDir: string;
  sharedBuffers: string;
  modules: {
    pgliteWasmModule?: WebAssembly.Module | undefined;
    initdbWasmModule?: WebAssembly.Module | undefined;
  };
  send(message: WorkerReply, transfer?: ArrayBuffer[]): void;
  onMessage(handler: (req: WorkerRequest) => void): void;
}

function channel(): Channel {
  const port = parentPort;
  if (port) {
    return {
      dataDir: workerData.dataDir as string,
      sharedBuffers: (workerData.sharedBuffers as string | undefined) ?? SHARED_BUFFERS,
      // Compiled once by the main thread (pglite-remote.ts compiledPGlite).
      modules: {
        pgliteWasmModule: workerData.pgliteWasmModule as WebAssembly.Module | undefined,
        initdbWasmModule: workerData.initdbWasmModule as WebAssembly.Module | undefined,
      },
      send: (message, transfer) => port.postMessage(message, transfer),
      onMessage: (handler) => port.on("message", handler),
    };
  }
  const dataDir = process.argv[2];
  if (!process.send || !dataDir) {
    throw new Error("pglite-worker runs as a worker thread or a forked child process");
  }
  // The parent gone (ended, killed), nothing is left to answer: end too.
  process.on("disconnect", () => process.exit(0));
  return {
    dataDir,
    sharedBuffers: process.argv[3] ?? SHARED_BUFFERS,
    modules: {}, // a module does not cross processes: PGlite compiles its own
    send: (message) => process.send!(message),
    onMessage: (handler) => process.on("message", handler as (req: unknown) => void),
  };
}

const parent = channel();

const db = new PGlite(parent.dataDir, {
  startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${parent.sharedBuffers}`],
  // Absent (a child process), PGlite compiles its own.
  ...parent.modules,
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
  parent.send(message);
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
        parent.send({ id: req.id, ok: true, value: bytes }, [bytes.buffer]);
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
parent.onMessage((req) => {
  void handle(req);
});
