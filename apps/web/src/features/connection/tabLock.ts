import { create } from "zustand";

/**
 * One playing tab per browser: every tab of this origin shares the login token, so they are
 * the same mage. A tab that starts playing says so on a BroadcastChannel; the others stop
 * their socket and show "Playing in another tab" with "Play here", which takes the game back.
 * (The newest tab wins: it is the one the player just opened or chose.)
 */
const CHANNEL = "manaspire-play";

interface TabLockState {
  /** Another tab of this browser plays now; this one waits. */
  elsewhere: boolean;
}

export const useTabLock = create<TabLockState>(() => ({ elsewhere: false }));

interface PlayingMessage {
  type: "playing";
  tab: string;
}

function newTabId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;
}

const tabId = newTabId();
let channel: BroadcastChannel | null | undefined;

function open(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  channel?.addEventListener("message", (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<PlayingMessage> | null;
    if (data?.type === "playing" && data.tab !== tabId) useTabLock.setState({ elsewhere: true });
  });
  return channel;
}

/** This tab plays: the other tabs of the browser stand aside. */
export function claimPlay(): void {
  useTabLock.setState({ elsewhere: false });
  const message: PlayingMessage = { type: "playing", tab: tabId };
  open()?.postMessage(message);
}
