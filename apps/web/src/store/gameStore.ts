import {
  CLIENT_BUILD,
  type ClientMessageName,
  type ClientPayload,
  type ServerMessage,
} from "@manaspire/protocol";
import { create } from "zustand";
import { clearLoginToken, loginToken } from "../features/auth/authStorage";
import { pushToast } from "../features/toasts/toastStore";
import { SocketClient } from "../net/socketClient";
import { type GameState, initialGameState, onConnected, reduceServerMessage } from "./gameState";

/** The one store of server state, fed by the one socket client. */
export const useGameStore = create<GameState>()(() => initialGameState);

let client: SocketClient | null = null;
let onSignedOut: (reason: string) => void = () => {};

/** The socket's address: no token in it (the client sends it in its first message). */
function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/ws`;
}

function handle(message: ServerMessage): void {
  if (message.type === "toast") pushToast(message.data.text);
  // Sliding renewal: the server hands a fresh token to an active player; keep it.
  if (message.type === "loginToken") {
    loginToken.set(message.data.token);
    return;
  }
  useGameStore.setState((state) => reduceServerMessage(state, message, CLIENT_BUILD));
}

const wake = () => client?.wake();
const wakeIfVisible = () => {
  if (document.visibilityState === "visible") wake();
};

/** Opens the socket (once) and keeps it open; `signedOut` runs when the token is refused. */
export function startConnection(signedOut: (reason: string) => void): void {
  onSignedOut = signedOut;
  if (client) {
    client.connect();
    return;
  }
  client = new SocketClient(socketUrl, () => loginToken.get(), {
    onStatus(status, { reason, reconnecting }) {
      useGameStore.setState({ connection: { status, reason, reconnecting } });
    },
    onOpen() {
      useGameStore.setState(onConnected);
      client?.send("hydrate", {});
      client?.send("getNotificationSettings", {});
    },
    onMessage: handle,
    onAuthFailure(reason) {
      clearLoginToken();
      useGameStore.setState(initialGameState);
      onSignedOut(reason);
    },
  });
  document.addEventListener("visibilitychange", wakeIfVisible);
  window.addEventListener("focus", wake);
  window.addEventListener("online", wake);
  client.connect();
}

/** Closes the socket deliberately (sign out): no reconnect. */
export function stopConnection(): void {
  client?.close();
  client = null;
  document.removeEventListener("visibilitychange", wakeIfVisible);
  window.removeEventListener("focus", wake);
  window.removeEventListener("online", wake);
  useGameStore.setState(initialGameState);
}

/** Sends a message to the server; false (and a toast) when the socket is down. */
export function send<K extends ClientMessageName>(type: K, data: ClientPayload<K>): boolean {
  const sent = client?.send(type, data) ?? false;
  if (!sent) pushToast("Not connected to the server; trying again…");
  return sent;
}
