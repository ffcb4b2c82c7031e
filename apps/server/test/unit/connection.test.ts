import { serverProtocol } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { Connection, MAX_BUFFERED_BYTES } from "../../src/socket/connection";

function fakeSocket(bufferedAmount: number) {
  const sent: Uint8Array[] = [];
  let terminated = false;
  const socket = {
    OPEN: 1,
    CONNECTING: 0,
    readyState: 1,
    bufferedAmount,
    send: (frame: Uint8Array) => sent.push(frame),
    terminate: () => {
      terminated = true;
    },
  };
  return { socket: socket as unknown as WebSocket, sent, terminated: () => terminated };
}

describe("Connection", () => {
  it("sends encoded frames while the client keeps up", () => {
    const fake = fakeSocket(0);
    new Connection(fake.socket, 1).toast("hello");
    expect(fake.sent).toHaveLength(1);
    expect(serverProtocol.decode(fake.sent[0] as Uint8Array)).toEqual({
      type: "toast",
      data: { text: "hello" },
    });
    expect(fake.terminated()).toBe(false);
  });

  it("cuts off a client whose unread bytes would pass the limit instead of buffering more", () => {
    const fake = fakeSocket(MAX_BUFFERED_BYTES - 3);
    new Connection(fake.socket, 1).toast("this frame does not fit");
    expect(fake.sent).toHaveLength(0);
    expect(fake.terminated()).toBe(true);
  });
});
