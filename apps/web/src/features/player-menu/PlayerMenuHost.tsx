import { lazy, Suspense } from "react";
import { Dialog } from "../../components/Dialog";
import { sendChatCommand } from "../chat/chatActions";
import { playerCommand } from "../chat/chatCommands";
import { closeIgnore, usePlayerMenu } from "./playerMenuStore";

/**
 * The player-name menu (View Profile, Wire, Whisper, Ignore; Mute… and Unmute for moderators
 * and admins), the ignore confirmation and the mute dialog. Mounted once in the shell.
 */
/** Moderators only: its own chunk. */
const MuteDialog = lazy(async () => ({ default: (await import("./MuteDialog")).MuteDialog }));

function MuteDialogHost() {
  const name = usePlayerMenu((s) => s.muteName);
  if (name === null) return null;
  return (
    <Suspense fallback={null}>
      <MuteDialog key={name} name={name} />
    </Suspense>
  );
}

const PlayerMenu = lazy(async () => ({ default: (await import("./PlayerMenu")).PlayerMenu }));

export function PlayerMenuHost() {
  const menu = usePlayerMenu((s) => s.menu);
  const confirmIgnore = usePlayerMenu((s) => s.confirmIgnore);
  return (
    <>
      {menu ? (
        <Suspense fallback={null}>
          <PlayerMenu key={menu.seq} name={menu.name} role={menu.role} />
        </Suspense>
      ) : null}
      <Dialog
        open={confirmIgnore !== null}
        title={`Ignore ${confirmIgnore ?? ""}?`}
        danger
        onCancel={closeIgnore}
        onConfirm={() => {
          if (confirmIgnore) sendChatCommand(playerCommand.ignore(confirmIgnore));
          closeIgnore();
        }}
      >
        You will no longer see their chat messages or whispers. Type /unignore {confirmIgnore} to
        undo.
      </Dialog>
      <MuteDialogHost />
    </>
  );
}
