import { DungeonBoost, RoomFlag, SIZE_NAMES, type Size } from "@manaspire/game";
import { useCallback, useEffect, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { Dialog } from "../../components/Dialog";
import { PageTitle } from "../../components/PageTitle";
import { useLocalValue } from "../../lib/localValue";
import { send, useGameStore } from "../../store/gameStore";
import { useNow } from "../farm/useNow";
import { LootList } from "../loot/LootList";
import { Toggle } from "../settings/controls";
import { DungeonCanvas } from "./DungeonCanvas";
import { type DungeonView, secondsText, selfOf } from "./dungeonControls";
import { autoRestart, exitWarning, lockJoystick } from "./dungeonSettings";
import { Joystick } from "./Joystick";
import { moveHelp, useBringIntoReach, useTouchPlay } from "./touchPlay";
import { useDungeonControls } from "./useDungeonControls";

/** Whether the player stands on the exit with no unopened chest there. */
function atExit(view: DungeonView): boolean {
  const me = selfOf(view);
  const room = view.rooms.find((r) => r.x === me.x && r.y === me.y);
  if (!room || !(room.flags & RoomFlag.Exit)) return false;
  return !(room.flags & RoomFlag.Chest) || (room.flags & RoomFlag.Opened) !== 0;
}

/**
 * /dungeon: a dungeon by hand (spec 001 "Dungeon view"). The server decides every move; the
 * browser only paces its requests by the movement delay and skips walls it can see.
 */
export function DungeonPage() {
  const player = useGameStore((s) => s.player);
  const view = useGameStore((s) => s.dungeon.run);
  const combat = useGameStore((s) => s.dungeon.combat);
  const navigate = useNavigate();
  const locked = useLocalValue(lockJoystick);
  const warnExit = useLocalValue(exitWarning);
  const restart = useLocalValue(autoRestart);
  const touch = useTouchPlay();
  const page = useRef<HTMLDivElement>(null);
  useBringIntoReach(page, touch && player !== null && view !== null);
  const [confirm, setConfirm] = useState<"abandon" | "exit" | null>(null);
  const leaving = useRef<{ size: number; speedrun: boolean } | null>(null);
  const swiftness = player?.boosts[DungeonBoost.Swiftness] ?? 0;

  const leave = useCallback(() => {
    const v = view;
    if (!v) return;
    leaving.current = { size: v.size, speedrun: v.speedrun };
    send("dungeonInteract", { flags: 0 });
  }, [view]);

  const { tryStep, interactNow, hold } = useDungeonControls({
    view,
    swiftness,
    guild: false,
    paused: confirm !== null,
    onInteract: () => {
      if (view && atExit(view)) {
        if (warnExit) setConfirm("exit");
        else leave();
        return;
      }
      send("dungeonInteract", { flags: 0 });
    },
  });

  // Leaving through the exit: auto restart starts the same kind of dungeon again.
  const inProgress = player?.dungeonInProgress ?? false;
  const [restarting, setRestarting] = useState(false);
  useEffect(() => {
    if (inProgress) {
      setRestarting(false);
      return;
    }
    const left = leaving.current;
    leaving.current = null;
    if (left && restart) {
      setRestarting(true);
      // A refused start (no unlocked dungeon left) is a toast: then back to the hub.
      const timer = setTimeout(() => setRestarting(false), 3000);
      send("dungeonStart", {
        size: left.size as Size,
        idle: false,
        manual: true,
        trusted: false,
        speedrun: left.speedrun,
      });
      return () => clearTimeout(timer);
    }
  }, [inProgress, restart]);

  if (player && !inProgress && !restarting) return <Navigate to="/dungeon-shop" replace />;
  if (!player || !view) {
    return (
      <div className="mx-auto w-full max-w-5xl" aria-busy="true">
        <PageTitle>Dungeon</PageTitle>
        <div className="skeleton h-96 w-full" />
      </div>
    );
  }
  return (
    <div
      ref={page}
      className="mx-auto w-full max-w-5xl scroll-mt-2 space-y-3"
      data-testid="dungeon-page"
    >
      <PageTitle subtitle={moveHelp(touch)}>
        {SIZE_NAMES[view.size]} dungeon{view.speedrun ? " (speedrun)" : ""}
      </PageTitle>
      <div className="grid gap-3 @3xl:grid-cols-[minmax(0,1fr)_15rem]">
        <div className="min-w-0 space-y-2">
          <DungeonCanvas view={view} combat={combat} onStep={tryStep} onInteract={interactNow} />
          {touch ? (
            <div className="flex items-center justify-between gap-2">
              <Joystick locked={locked} onDirection={hold} />
              <button
                type="button"
                className="btn btn-primary size-20 rounded-full p-0 text-sm"
                onClick={interactNow}
              >
                Interact
              </button>
            </div>
          ) : null}
        </div>
        <DungeonSidebar
          view={view}
          onAbandon={() => setConfirm("abandon")}
          touch={touch}
          toggles={{ locked, warnExit, restart }}
        />
      </div>
      <Dialog
        open={confirm === "abandon"}
        title="Abandon Dungeon?"
        confirmLabel="Abandon"
        danger
        onConfirm={() => {
          setConfirm(null);
          send("dungeonQuit", {});
          navigate("/dungeon-shop");
        }}
        onCancel={() => setConfirm(null)}
      >
        <p>
          You will lose your progress and treasures. If you want to continue later, navigate to
          another page instead.
        </p>
      </Dialog>
      <Dialog
        open={confirm === "exit"}
        title="Exit Dungeon"
        confirmLabel="Leave"
        onConfirm={() => {
          setConfirm(null);
          leave();
        }}
        onCancel={() => setConfirm(null)}
      >
        <p>There could still be some treasure... Are you sure you want to leave?</p>
      </Dialog>
    </div>
  );
}

function DungeonSidebar({
  view,
  onAbandon,
  touch,
  toggles,
}: {
  view: DungeonView;
  onAbandon: () => void;
  touch: boolean;
  toggles: { locked: boolean; warnExit: boolean; restart: boolean };
}) {
  const now = useNow(view.speedrun ? 100 : 1000);
  return (
    <aside className="panel space-y-3 px-4 py-3 text-sm" aria-label="Dungeon">
      <p>
        <span className="text-ink-muted">Time </span>
        <span className="font-semibold tabular-nums" data-testid="dungeon-time">
          {secondsText(now - view.startedAt)}
        </span>
      </p>
      <p data-testid="dungeon-keys">
        <span className="text-ink-muted">Keys </span>
        {view.keys.length === 0 ? "none" : view.keys.map((k) => `#${k}`).join(", ")}
      </p>
      <div>
        <p className="mb-1 text-ink-muted">
          {view.speedrun ? "Speedrun: no treasure is kept." : "Treasure (kept at the exit)"}
        </p>
        <div data-testid="dungeon-run-loot">
          <LootList loot={view.loot} emptyText="Nothing yet." />
        </div>
      </div>
      <div className="border-t border-edge/60 pt-2">
        <Toggle
          label="Lock Joystick"
          hint={touch ? undefined : "For the touch joystick."}
          checked={toggles.locked}
          onChange={(v) => lockJoystick.set(v)}
        />
        <Toggle
          label="Exit Warning"
          checked={toggles.warnExit}
          onChange={(v) => exitWarning.set(v)}
        />
        <Toggle
          label="Auto restart"
          checked={toggles.restart}
          onChange={(v) => autoRestart.set(v)}
        />
      </div>
      <button type="button" className="btn btn-ghost w-full text-danger" onClick={onAbandon}>
        Abandon dungeon
      </button>
    </aside>
  );
}
