import { connect } from "node:net";

/** Host and port of a server's http:// address. */
export function hostPort(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
}

/**
 * Sends bytes over a plain TCP connection (any request line and headers, however broken) and
 * returns what the server answered until it closed the connection or `timeoutMs` passed.
 */
export function rawExchange(
  url: string,
  data: string | Uint8Array,
  timeoutMs = 2000,
): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(hostPort(url));
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString("latin1"));
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on("data", (d) => chunks.push(d));
    socket.on("error", () => {});
    socket.on("close", done);
    socket.write(data);
  });
}

/** The status code of a raw HTTP answer, or undefined when there was none. */
export function statusOf(answer: string): number | undefined {
  const m = /^HTTP\/1\.1 (\d{3})/.exec(answer);
  return m ? Number(m[1]) : undefined;
}

/** Whether the server still answers GET /api/health. */
export async function healthy(server: { url: string }): Promise<boolean> {
  try {
    const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5000) });
    return res.ok && ((await res.json()) as { ok?: boolean }).ok === true;
  } catch {
    return false;
  }
}
