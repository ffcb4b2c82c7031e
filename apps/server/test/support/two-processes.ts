import { afterAll, beforeAll, beforeEach, onTestFailed } from "vitest";
import type { Db } from "../../src/db/client";
import { freePort, ServerProcess } from "./child";
import { withDb } from "./ledger";
import { connectRemote, insertPlayer, type RemotePlayer, uniqueName } from "./players";
import { TEST_REDIS_URL } from "./redis";
import { TEST_JWT_SECRET } from "./server";
import type { StoreFactory, TestStore } from "./stores";

/** Two server processes of one world (one fresh PostgreSQL database, Redis) for a describe block. */
export interface TwoProcesses {
  /** The database both processes use (set before the first test). */
  store: TestStore;
  /** The two processes (started before the first test). */
  procs: ServerProcess[];
  /**
   * A named player on process `p`: its loot (and whatever `prepare` writes) is in the database
   * before it loads; connected and hydrated. Closed after the block.
   */
  player(
    p: ServerProcess,
    prefix: string,
    loot?: Record<number, number>,
    prepare?: (db: Db, name: string) => Promise<unknown>,
  ): Promise<RemotePlayer>;
}

/**
 * Registers the block's hooks: both processes start before its tests (by default slow ticks,
 * a short lease, quick flushes), their output is printed when a test fails, and everything is stopped
 * and the database dropped after.
 */
export function twoProcesses(
  postgres: StoreFactory,
  /** Environment over the defaults (e.g. a fast TICK_MS when the test needs battles). */
  env: Record<string, string> = {},
): TwoProcesses {
  const clients: RemotePlayer[] = [];
  const world: TwoProcesses = {
    store: undefined as unknown as TestStore,
    procs: [],
    async player(p, prefix, loot = {}, prepare) {
      // Made whole in one transaction: a process's loader may pick up a new player at any time,
      // and a row updated after it loaded would be overwritten by its next flush.
      const name = uniqueName(prefix);
      const token = await withDb(world.store, (db) =>
        db.transaction(async (tx) => {
          const signed = await insertPlayer(tx, name, loot);
          await prepare?.(tx, name);
          return signed;
        }),
      );
      const remote = await connectRemote(p.url, token);
      clients.push(remote);
      await remote.client.next("chatHistory", () => true, { timeoutMs: 30_000 });
      return remote;
    },
  };

  async function start(): Promise<void> {
    const all = {
      ...world.store.env,
      REDIS_URL: TEST_REDIS_URL,
      JWT_SECRET: TEST_JWT_SECRET,
      LEASE_MS: "1500",
      TICK_MS: "60000",
      FLUSH_MS: "300",
      LEADERBOARD_MS: "0",
      LOG_LEVEL: "warn",
      ...env,
    };
    world.procs.push(await ServerProcess.start(all, await freePort()));
  }

  beforeAll(async () => {
    world.store = await postgres.create();
    await Promise.all([start(), start()]);
  }, 120_000);

  beforeEach(() => {
    onTestFailed(() => {
      for (const [i, p] of world.procs.entries()) {
        console.error(`--- process ${i + 1}:\n${p.output}`);
      }
    });
  });

  afterAll(async () => {
    for (const c of clients) c.client.close();
    for (const p of world.procs) await p.killIfRunning();
    await world.store?.dispose();
  });

  return world;
}
