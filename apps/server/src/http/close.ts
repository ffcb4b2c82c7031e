import type { FastifyInstance } from "fastify";

/**
 * Closes the HTTP server: no new connections, requests in flight finish. A connection that has
 * sent nothing (a browser's preconnect) or keeps a request open is cut after `graceMs`: Node
 * waits for such a connection until its headers timeout (60 s), which held every stop that long.
 */
export async function closeHttp(app: FastifyInstance, graceMs: number): Promise<void> {
  const closing = app.close();
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await closing;
  } finally {
    clearTimeout(cut);
  }
}
