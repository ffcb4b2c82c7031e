import {
  type ClientMessageName,
  type ClientPayload,
  clientProtocol,
  type ServerMessage,
  serverProtocol,
} from "@manaspire/protocol";
import WebSocket from "ws";

type Of<K extends ServerMessage["type"]> = Extract<ServerMessage, { type: K }>;

/** A real socket client speaking the binary protocol, recording what it receives. */
export class TestClient {
  readonly received: ServerMessage[] = [];
  closed: { code: number; reason: string } | undefined;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data: Buffer) => {
      this.received.push(serverProtocol.decode(new Uint8Array(data)));
      this.wake();
    });
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  /**
   * Opens /ws and signs in as the browser does: the token in the first message
   * (`authenticate`), never in the address. `headers` go on the upgrade request (an
   * X-Forwarded-For, say).
   */
  static async connect(
    baseUrl: string,
    token: string,
    headers: Record<string, string> = {},
  ): Promise<TestClient> {
    const client = await TestClient.open(baseUrl, headers);
    client.send("authenticate", { token });
    return client;
  }

  /** Opens /ws without signing in (`path` replaces `/ws`, say with a query). */
  static open(
    baseUrl: string,
    headers: Record<string, string> = {},
    path = "/ws",
  ): Promise<TestClient> {
    const ws = new WebSocket(`${baseUrl.replace("http", "ws")}${path}`, { headers });
    const client = new TestClient(ws);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(client));
      ws.once("error", reject);
    });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  send<K extends ClientMessageName>(type: K, data: ClientPayload<K>): void {
    this.ws.send(clientProtocol.encode(type, data));
  }

  sendRaw(bytes: Uint8Array): void {
    this.ws.send(bytes);
  }

  /** Waits for the next message of a type (received after `since`) matching a predicate. */
  async next<K extends ServerMessage["type"]>(
    type: K,
    predicate: (m: Of<K>["data"]) => boolean = () => true,
    { timeoutMs = 15_000, since = 0 } = {},
  ): Promise<Of<K>["data"]> {
    const deadline = Date.now() + timeoutMs;
    let index = since;
    for (;;) {
      for (; index < this.received.length; index++) {
        const m = this.received[index];
        if (m && m.type === type && predicate(m.data as Of<K>["data"])) {
          return m.data as Of<K>["data"];
        }
      }
      if (this.closed) throw new Error(`socket closed (${this.closed.reason}) waiting for ${type}`);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `no ${type} matching the test within ${timeoutMs} ms; received since: ${this.describe(since)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * What arrived from `since` on, for a failed wait's message: each message's type, with the
   * text of errors and toasts (a refusal the test did not expect), the last 20.
   */
  describe(since: number): string {
    const list = this.received.slice(since).map((m) => {
      const text =
        (m.data as { text?: unknown; message?: unknown }).text ??
        (m.data as { message?: unknown }).message;
      return typeof text === "string" ? `${m.type} "${text}"` : m.type;
    });
    const shown = list.slice(-20).join(", ");
    return list.length > 20 ? `${list.length} messages, the last 20: ${shown}` : shown || "nothing";
  }

  /** Waits for the socket to close and returns its code and reason. */
  async closedWith(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error("socket did not close");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.closed;
  }

  close(): void {
    this.ws.close(1000);
  }
}
