import { ChatBox } from "../../features/chat/ChatBox";
import { PlayerMenuHost } from "../../features/player-menu/PlayerMenuHost";

/** Bottom chat box region of the shell (features/chat), with the player-name menu's host. */
export function ChatBoxRegion() {
  return (
    <>
      <ChatBox />
      <PlayerMenuHost />
    </>
  );
}
