import { createServer } from "node:net";

/** A TCP port free on loopback now (the benchmarks' servers each take their own). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
    srv.on("error", reject);
  });
}
