import { afterAll, beforeAll } from "vitest";
import type { GameServer } from "../../src/server";
import { startTestServer } from "./server";
import type { StoreFactory, TestStore } from "./stores";

type Env = Record<string, string>;

/** One test server on a fresh store for a describe block (see `serverSuite`). */
export interface ServerSuite {
  /** The running server (read it in hooks and tests: it starts in the block's beforeAll). */
  readonly server: GameServer;
  /** The server's store. */
  readonly store: TestStore;
  /**
   * Stops the server (if a test has not already) and starts another on the same store, with the
   * suite's environment and `env` over it; `server` is the new one from then on.
   */
  restart(env?: Env): Promise<GameServer>;
}

/**
 * Registers the block's hooks: before its tests, a store from `factory` and a test server on it
 * (`startTestServer` with `env`; a function is called then, so it may read what an earlier
 * beforeAll started); after them, the server stopped and the store disposed of.
 */
export function serverSuite(factory: StoreFactory, env: Env | (() => Env) = {}): ServerSuite {
  let store: TestStore | undefined;
  let server: GameServer | undefined;
  const envNow = () => (typeof env === "function" ? env() : env);

  beforeAll(async () => {
    store = await factory.create();
    server = await startTestServer(store, envNow());
  });

  afterAll(async () => {
    await server?.stop();
    await store?.dispose();
  });

  const suite: ServerSuite = {
    get server() {
      if (!server) throw new Error("the suite's server has not started (read it in a test)");
      return server;
    },
    get store() {
      if (!store) throw new Error("the suite's store is not made yet (read it in a test)");
      return store;
    },
    async restart(over = {}) {
      await suite.server.stop();
      server = await startTestServer(suite.store, { ...envNow(), ...over });
      return server;
    },
  };
  return suite;
}
