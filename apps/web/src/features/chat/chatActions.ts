import { send, useGameStore } from "../../store/gameStore";
import { clearWireTarget } from "../../store/slices/chat";

/** Sends a slash command (the server answers with toasts or messages such as wireTarget). */
export function sendChatCommand(text: string): boolean {
  return send("chat", { text });
}

export function closeWireDialog(): void {
  useGameStore.setState((s) => ({ chat: clearWireTarget(s.chat) }));
}
