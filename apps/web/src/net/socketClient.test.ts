import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONNECT_TIMED_OUT, CONNECT_TIMEOUT_MS } from "./reconnectPolicy";
import { type ConnectionStatus, SocketClient, type StatusDetail } from "./socketClient";

/** A WebSocket that never opens unless told to. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  binaryType = "blob";
  onopen: (() => void) | null = null;
  onmessage: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  close(): void {
    this.closed = true;
    this.readyState = FakeSocket.CLOSED;
  }
  send(): void {}
}

function client() {
  const statuses: Array<[ConnectionStatus, StatusDetail]> = [];
  const c = new SocketClient(
    () => "ws://test/ws",
    () => "a-token",
    {
      onStatus: (status, detail) => statuses.push([status, detail]),
      onOpen: () => {},
      onMessage: () => {},
      onAuthFailure: () => {},
    },
  );
  return { c, statuses };
}

describe("socket client: connect timeout and Retry now", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("gives up on a socket that does not open in time, says why, and retries with the backoff", () => {
    const { c, statuses } = client();
    c.connect();
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS - 1);
    expect(statuses.at(-1)?.[0]).toBe("connecting");
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made[0]?.closed).toBe(true);
    const [status, detail] = statuses.at(-1) ?? [];
    expect(status).toBe("disconnected");
    expect(detail).toMatchObject({ reason: CONNECT_TIMED_OUT, reconnecting: true });
    expect(detail?.retryAt).toBe(Date.now() + 500); // the spec's first delay
    vi.advanceTimersByTime(500);
    expect(FakeSocket.made).toHaveLength(2);
    // The second failure waits 1 s: the backoff grows as the spec says.
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    expect(statuses.at(-1)?.[1].retryAt).toBe(Date.now() + 1000);
  });

  it("Retry now tries at once, and an open socket resets the backoff", () => {
    const { c, statuses } = client();
    c.connect();
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    expect(FakeSocket.made).toHaveLength(1);
    c.retryNow();
    expect(FakeSocket.made).toHaveLength(2);
    expect(statuses.at(-1)?.[0]).toBe("connecting");
    FakeSocket.made[1]?.open();
    expect(statuses.at(-1)?.[0]).toBe("connected");
    // Opened: no timeout fires later.
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS * 2);
    expect(statuses.at(-1)?.[0]).toBe("connected");
    expect(FakeSocket.made).toHaveLength(2);
  });

  it("Retry now drops a socket still trying to open", () => {
    const { c } = client();
    c.connect();
    c.retryNow();
    expect(FakeSocket.made[0]?.closed).toBe(true);
    expect(FakeSocket.made).toHaveLength(2);
  });
});
