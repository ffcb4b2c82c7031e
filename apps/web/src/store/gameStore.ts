import {
  CLIENT_BUILD,
  type ClientMessageName,
  type ClientPayload,
  type ServerMessage,
} from "@manaspire/protocol";
import { create } from "zustand";
import { clearLoginToken, loginToken } from "../features/auth/authStorage";
import { showAwaySummary } from "../features/away/awayStore";
import { pushToast } from "../features/toasts/toastStore";
import { SocketClient } from "../net/socketClient";
import { renderBehind, shouldHold } from "./deferredRender";
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

/**
 * Messages that arrive together (the burst after hydrate, a tick's frames) are applied in
 * one store update, so the screen renders once for them instead of once per message. The
 * delay is short enough to be invisible and, unlike an animation frame, runs in background
 * tabs too (their titles show the actions left).
 */
const COALESCE_MS = 16;
let pending: ServerMessage[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
/** When the held messages were first held for a deferred render (0: not holding). */
let holdingSince = 0;

function flushMessages(): void {
  flushTimer = undefined;
  // While the shell renders the previous state in slices, new state would make React redo
  // that render in one blocking task: wait for it (briefly; see deferredRender).
  const now = performance.now();
  if (shouldHold(renderBehind(), holdingSince, now)) {
    holdingSince ||= now;
    flushTimer = setTimeout(flushMessages, COALESCE_MS);
    return;
  }
  holdingSince = 0;
  const messages = pending;
  pending = [];
  useGameStore.setState((state) =>
    messages.reduce((next, message) => reduceServerMessage(next, message, CLIENT_BUILD), state),
  );
}

function handle(message: ServerMessage): void {
  if (message.type === "toast") pushToast(message.data.text);
  // Sliding renewal: the server hands a fresh token to an active player; keep it.
  if (message.type === "loginToken") {
    loginToken.set(message.data.token);
    return;
  }
  if (message.type === "awaySummary") showAwaySummary(message.data.summary);
  // The premium checkout: the browser leaves for the payment page the server created.
  if (message.type === "paymentRedirect") window.location.assign(message.data.url);
  pending.push(message);
  flushTimer ??= setTimeout(flushMessages, COALESCE_MS);
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
    onStatus(status, { reason, reconnecting, retryAt }) {
      useGameStore.setState({ connection: { status, reason, reconnecting, retryAt } });
    },
    onOpen() {
      if (flushTimer !== undefined) flushMessages(); // what the old socket said comes first
      useGameStore.setState(onConnected);
      client?.send("hydrate", {});
      client?.send("getNotificationSettings", {});
      client?.send("getPremiumShop", {});
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

/** The player's "Retry now": try to connect at once instead of after the backoff. */
export function retryConnection(): void {
  client?.retryNow();
}

/** Closes the socket deliberately (sign out): no reconnect. */
export function stopConnection(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  holdingSince = 0;
  pending = [];
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
