import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { clearLoginToken } from "../features/auth/authStorage";
import { setSignedOutReason, signInPath } from "../features/auth/signedOut";
import { ConnectionLostOverlay } from "../features/connection/ConnectionLostOverlay";
import { PlayingElsewhereOverlay } from "../features/connection/PlayingElsewhereOverlay";
import { claimPlay, useTabLock } from "../features/connection/tabLock";
import { useOnline } from "../features/connection/useOnline";
import { VersionReloadPrompt } from "../features/connection/VersionReloadPrompt";
import { useEventBanner } from "../features/events/useEventBanner";
import { enemyAfterZoneChange } from "../features/town/zoneChange";
import { useDeferredState } from "../store/deferredRender";
import {
  retryConnection,
  send,
  startConnection,
  stopConnection,
  useGameStore,
} from "../store/gameStore";
import { toShellModel } from "./playerShellModel";
import { ShellProvider } from "./shellContext";
import { isQuestComplete, type ShellActions } from "./shellModel";

/**
 * The live shell: opens the one socket while the signed-in layout is mounted, maps the
 * store's player state onto the shell model and sends the shell's commands. Also shows the
 * connection-lost overlay and the forced-reload prompt.
 */
export function ShellDataProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  });

  // Another tab of this browser playing the same mage makes this one stand aside (tabLock).
  const elsewhere = useTabLock((state) => state.elsewhere);
  useEffect(() => {
    if (elsewhere) return;
    claimPlay();
    setSignedOutReason(null);
    // The store clears the token on Invalid token / Token expired / Player not found.
    // RequireToken usually redirects first (the cleared token re-renders it), so it reads
    // the reason too; both lead to the same address.
    startConnection((reason) => {
      setSignedOutReason(reason);
      navigateRef.current(signInPath(reason), { replace: true });
    });
    return () => stopConnection();
  }, [elsewhere]);

  const player = useGameStore((state) => state.player);
  const counts = useGameStore((state) => state.counts);
  const connection = useGameStore((state) => state.connection);
  const versionMismatch = useGameStore((state) => state.versionMismatch);

  const banner = useEventBanner();
  const liveModel = useMemo(
    () => (player ? toShellModel(player, counts, banner) : null),
    [player, counts, banner],
  );
  // The shell (status panel, top bar, main view) follows the model in a transition: the
  // first full state mounts most of the screen, and React renders it in slices instead of
  // one long task (the socket's messages stay responsive, input is never blocked).
  const model = useDeferredState(liveModel);

  // When the quest became complete (for completeQuest's timing delta).
  const questDone = model !== null && isQuestComplete(model.quest);
  const questDoneAt = useRef<number | null>(null);
  useEffect(() => {
    questDoneAt.current = questDone ? performance.now() : null;
  }, [questDone]);

  const actions = useMemo<ShellActions>(
    () => ({
      refreshActions() {
        send("refreshActions", { trusted: true });
      },
      setActionType(actionType) {
        send("setActionType", { actionType, flag: false });
      },
      selectZone(zone) {
        const current = useGameStore.getState().player;
        if (!current) return;
        send("selectEnemy", {
          zone,
          enemy: enemyAfterZoneChange(current.zone, current.enemy, zone),
        });
      },
      completeQuest(click) {
        const since = questDoneAt.current;
        send("completeQuest", {
          trusted: true,
          clickX: click.x,
          clickY: click.y,
          pressDuration: click.pressDurationMs,
          timingDelta: since === null ? 0 : Math.round(performance.now() - since),
          touch: click.touchCapable,
        });
      },
      signOut() {
        setSignedOutReason(null);
        stopConnection();
        clearLoginToken();
        navigateRef.current("/login", { replace: true });
      },
    }),
    [],
  );

  const value = useMemo(() => ({ model, actions }), [model, actions]);
  const lost = connection.status === "disconnected";
  const offline = !useOnline() && connection.status !== "connected";

  return (
    <ShellProvider value={value}>
      {children}
      {versionMismatch ? (
        <VersionReloadPrompt />
      ) : elsewhere ? (
        <PlayingElsewhereOverlay onPlayHere={() => useTabLock.setState({ elsewhere: false })} />
      ) : lost || offline ? (
        <ConnectionLostOverlay
          reason={connection.reason === "Connection lost" ? null : connection.reason}
          reconnecting={connection.reconnecting || offline}
          retryAt={connection.retryAt}
          offline={offline}
          onRetry={retryConnection}
        />
      ) : null}
    </ShellProvider>
  );
}
