import { useEffect } from "react";
import { Dialog } from "../../components/Dialog";
import { useGameStore } from "../../store/gameStore";
import { sendChatCommand } from "./chatActions";
import { channelPrefix } from "./chatFormat";
import { linePreview, moderationCommand } from "./chatModeration";
import { closeDeleteLine, useDeleteLine } from "./deleteLineStore";

/**
 * Asks a moderator to confirm deleting a chat line, then sends `/delete id`. The server
 * removes the line for everyone (chatDeleted); if it goes before they answer, so does this.
 */
export function DeleteLineDialogHost() {
  const id = useDeleteLine((s) => s.id);
  const entry = useGameStore((s) =>
    id === null ? undefined : s.chat.lines.find((line) => line.id === id),
  );
  const gone = id !== null && entry === undefined;
  useEffect(() => {
    if (gone) closeDeleteLine();
  }, [gone]);
  if (!entry) return null;
  return (
    <Dialog
      open
      title="Delete this message?"
      danger
      confirmLabel="Delete"
      onCancel={closeDeleteLine}
      onConfirm={() => {
        if (sendChatCommand(moderationCommand.deleteLine(entry.id))) closeDeleteLine();
      }}
    >
      <p>It disappears from everyone's chat and cannot be brought back.</p>
      <blockquote
        className="mt-3 rounded-md border border-edge bg-night-950/60 px-3 py-2 text-ink break-words"
        data-testid="delete-line-preview"
      >
        <span className="text-ink-faint">{channelPrefix(entry.channel, "long")} </span>
        <span className="font-semibold">{entry.senderName}</span>
        <span className="text-ink-faint">: </span>
        {linePreview(entry.message)}
      </blockquote>
    </Dialog>
  );
}
