import { ActionType } from "@manaspire/game";
import { type ReactNode, useMemo, useState } from "react";
import { pushToast } from "../features/toasts/toastStore";
import { ShellProvider } from "./shellContext";
import { SHELL_FIXTURE } from "./shellFixture";
import type { ShellActions, ShellModel } from "./shellModel";

/**
 * Development stand-in for the socket store: serves the fixture and fakes the actions
 * locally so every shell interaction can be tried in `vite` dev mode.
 */
export function DevShellProvider({ children }: { children: ReactNode }) {
  const [model, setModel] = useState<ShellModel>(SHELL_FIXTURE);

  const actions = useMemo<ShellActions>(
    () => ({
      refreshActions() {
        setModel((m) => ({ ...m, actions: m.maxActions }));
        pushToast("Actions refreshed (dev fixture).");
      },
      setActionType(actionType) {
        setModel((m) => ({ ...m, actionType }));
      },
      selectZone(zone) {
        setModel((m) => ({ ...m, zone, actionType: ActionType.Battle }));
      },
      completeQuest() {
        setModel((m) => ({
          ...m,
          quest: { ...m.quest, progress: 0, completed: m.quest.completed + 1 },
        }));
        pushToast("Quest complete! You received 1 Bound Codex (dev fixture).");
      },
      signOut() {
        pushToast("Signing out is not available on the fixture.");
      },
    }),
    [],
  );

  const value = useMemo(() => ({ model, actions }), [model, actions]);
  return <ShellProvider value={value}>{children}</ShellProvider>;
}
