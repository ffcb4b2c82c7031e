import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

/** A connection that sends nothing, as a browser's preconnect does. */
function openSilent(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.on("error", reject);
  });
}

describe.each(testStores())("stopping with an idle HTTP connection open on $kind", (factory) => {
  const suite = serverSuite(factory);

  it("cuts a connection that sent nothing instead of waiting out its headers timeout", async () => {
    const silent = await openSilent(suite.server.url);
    const closed = new Promise<void>((resolve) => silent.on("close", () => resolve()));
    // Node keeps such a connection for its 60 s headers timeout: the stop waited that long.
    const outcome = await Promise.race([
      suite.server.stop().then(() => "stopped" as const),
      new Promise<"still waiting">((resolve) =>
        setTimeout(() => resolve("still waiting"), 20_000).unref(),
      ),
    ]);
    expect(outcome).toBe("stopped");
    await closed;
  });
});
