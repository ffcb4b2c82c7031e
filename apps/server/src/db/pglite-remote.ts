import { type ChildProcess, fork } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { WorkerReply, WorkerRequest } from "./pglite-messages";

type Request = WorkerRequest extends infer R
  ? R extends WorkerRequest
    ? Omit<R, "id">
    : never
  : never;

interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: unknown;
}

/** The part of a PGlite client (or transaction) that drizzle's pglite driver uses. */
export interface RemoteRunner {
  query(sql: string, params?: unknown[], opts?: QueryOptions): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
}

/**
 * The worker: dist/pglite-worker.js beside the built server; from the sources (tests, `npm run
 * dev`), pglite-worker.ts loaded through tsx's loader, which a worker does not inherit.
 */
/** PGlite's WebAssembly, compiled once per process and handed to every database thread. */
export interface PGliteModules {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

let compiling: Promise<PGliteModules> | undefined;

/** Node's global WebAssembly (its value is not declared without the DOM library). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
  }
).WebAssembly;

/**
 * Compiles PGlite's two WebAssembly modules once per process (about 1 s of CPU each time it is
 * not shared): a process that opens several stores (a test run, a restart) pays it once. A
 * compiled module crosses to a worker thread without being compiled again.
 */
export function compiledPGlite(): Promise<PGliteModules> {
  compiling ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const [pglite, initdb] = await Promise.all([
      readFile(path.join(dist, "pglite.wasm")),
      readFile(path.join(dist, "initdb.wasm")),
    ]);
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      wasm.compile(pglite),
      wasm.compile(initdb),
    ]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  compiling.catch(() => {
    compiling = undefined;
  });
  return compiling;
}

const fromSources = import.meta.url.endsWith(".ts");
const tsxRoot = () => path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));

function startWorker(workerData: unknown): Worker {
  if (!fromSources) {
    return new Worker(new URL("./pglite-worker.js", import.meta.url), { workerData });
  }
  const tsx = pathToFileURL(path.join(tsxRoot(), "dist/esm/api/index.mjs")).href;
  const source = new URL("./pglite-worker.ts", import.meta.url).href;
  const boot = `const { register } = await import(${JSON.stringify(tsx)});
register();
await import(${JSON.stringify(source)});`;
  return new Worker(boot, { eval: true, workerData });
}

/** The same file as a child process of its own (`fork`), with tsx's loader from the sources. */
function startProcess(dataDir: string, sharedBuffers: string | undefined): ChildProcess {
  const file = fileURLToPath(
    new URL(fromSources ? "./pglite-worker.ts" : "./pglite-worker.js", import.meta.url),
  );
  const execArgv = fromSources
    ? ["--import", pathToFileURL(path.join(tsxRoot(), "dist/loader.mjs")).href]
    : [];
  // "advanced": the structured clone, as between threads (Uint8Array, Date, bigint).
  const args = sharedBuffers ? [dataDir, sharedBuffers] : [dataDir];
  return fork(file, args, { execArgv, serialization: "advanced" });
}

/** A worker thread or a child process, as the client below uses either. */
interface Peer {
  send(request: WorkerRequest): void;
  onMessage(listener: (reply: WorkerReply) => void): void;
  /** It failed, or it ended (on its own, or by `end`). */
  onDeath(listener: (err: Error) => void): void;
  /** Ends it (the database closed first, or abandoned) and waits until it has. */
  end(): Promise<void>;
}

function threadPeer(worker: Worker): Peer {
  return {
    send: (request) => worker.postMessage(request),
    onMessage: (listener) => worker.on("message", listener),
    onDeath: (listener) => {
      worker.on("error", listener);
      worker.on("exit", (code) => listener(new Error(`the database thread exited (${code})`)));
    },
    end: async () => {
      await worker.terminate();
    },
  };
}

function processPeer(child: ChildProcess): Peer {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    send: (request) => child.send(request), // a closed channel: "error", then "exit"
    onMessage: (listener) => child.on("message", listener as (reply: unknown) => void),
    onDeath: (listener) => {
      child.on("error", listener);
      child.on("exit", (code, signal) =>
        listener(new Error(`the database process exited (${code ?? signal})`)),
      );
    },
    end: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}

/**
 * PGlite in a worker thread, seen from the main thread as a PGlite client: drizzle's pglite
 * driver runs on it unchanged. Queries and transactions become messages; the database work
 * (and its event-loop time) happens in the worker. Errors come back with their fields (code,
 * detail, constraint), so a unique violation still reads as 23505.
 */
export class RemotePGlite implements RemoteRunner {
  private readonly peer: Peer;
  private nextId = 1;
  private nextTx = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  readonly waitReady: Promise<void>;
  private failed: Error | undefined;

  /**
   * `modules`: the compiled WebAssembly, for a worker thread. `"process"`: a child process of
   * its own instead (it compiles its own), whose memory is the system's again once it ends.
   * `sharedBuffers`: PostgreSQL's shared_buffers (pglite-worker.ts has the default).
   */
  constructor(dataDir: string, modules?: PGliteModules | "process", sharedBuffers?: string) {
    this.peer =
      modules === "process"
        ? processPeer(startProcess(dataDir, sharedBuffers))
        : threadPeer(startWorker({ dataDir, sharedBuffers, ...modules }));
    let ready: (v: unknown) => void = () => {};
    let fail: (e: Error) => void = () => {};
    this.waitReady = new Promise((resolve, reject) => {
      ready = () => resolve();
      fail = reject;
    });
    this.pending.set(0, { resolve: ready, reject: fail });
    this.peer.onMessage((reply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
    });
    const died = (err: Error) => {
      this.failed = err;
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
    };
    this.peer.onDeath(died);
  }

  private call(request: Request): Promise<unknown> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.peer.send({ ...request, id } as WorkerRequest);
    });
  }

  private runner(tx: number): RemoteRunner {
    return {
      query: (sql, params = [], opts = {}) =>
        this.call({
          kind: "query",
          sql,
          params,
          rowMode: opts.rowMode ?? "object",
          rawDates: opts.parsers !== undefined,
          tx,
        }),
      exec: (sql) => this.call({ kind: "exec", sql, tx }),
    };
  }

  query(sql: string, params?: unknown[], opts?: QueryOptions): Promise<unknown> {
    return this.runner(0).query(sql, params, opts);
  }

  exec(sql: string): Promise<unknown> {
    return this.runner(0).exec(sql);
  }

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(
    fn: (tx: RemoteRunner & { rollback(): Promise<void> }) => Promise<T>,
  ): Promise<T> {
    const tx = this.nextTx++;
    await this.call({ kind: "begin", tx });
    let rolledBack = false;
    const runner = {
      ...this.runner(tx),
      rollback: async () => {
        rolledBack = true;
      },
    };
    let value: T;
    try {
      value = await fn(runner);
    } catch (err) {
      await this.call({ kind: "end", tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ kind: "end", tx, commit: !rolledBack });
    return value;
  }

  /**
   * A consistent copy of the whole data directory as a gzipped tarball (PGlite's
   * `dumpDataDir`, taken with no transaction open), for backups. Open it with PGlite's
   * `loadDataDir` (scripts/restore.mjs).
   */
  async dump(): Promise<Uint8Array> {
    return (await this.call({ kind: "dump" })) as Uint8Array;
  }

  async close(): Promise<void> {
    try {
      await this.call({ kind: "close" });
    } finally {
      await this.peer.end();
    }
  }
}
