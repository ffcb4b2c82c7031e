import { INTERACT_THROTTLE_MS } from "@manaspire/game";
import { useCallback, useEffect, useRef } from "react";
import { send } from "../../store/gameStore";
import {
  type Direction,
  type DungeonView,
  hasDoor,
  isInteractKey,
  keyDirection,
  nextMoveAt,
  selfOf,
} from "./dungeonControls";

/**
 * The dungeon view's input, shared by the solo and the guild dungeon: arrow keys, W/A/S/D
 * (Z/Q), E or Space, held keys and the joystick walking one step per movement delay. The
 * browser only paces its requests and skips walls it can see; the server decides every move.
 * `onInteract` runs at most every 500 ms (spec); `paused` ignores the keyboard (a dialog).
 */
export function useDungeonControls(opts: {
  view: DungeonView | null;
  swiftness: number;
  /** `dungeonMove`'s `guild` flag. */
  guild: boolean;
  paused: boolean;
  onInteract: () => void;
}) {
  const { swiftness, guild, paused } = opts;
  const lastMove = useRef(0);
  const lastInteract = useRef(0);
  const held = useRef<Direction | null>(null);
  const queued = useRef<Direction | null>(null);
  const viewRef = useRef(opts.view);
  viewRef.current = opts.view;
  const onInteractRef = useRef(opts.onInteract);
  onInteractRef.current = opts.onInteract;

  const tryStep = useCallback(
    (direction: Direction) => {
      const v = viewRef.current;
      // Before the dungeon's state arrives: the step waits for it (the loop below retries).
      if (!v) {
        queued.current = direction;
        return;
      }
      if (!hasDoor(v, direction)) {
        queued.current = null;
        return;
      }
      const now = Date.now();
      if (now < nextMoveAt(lastMove.current, swiftness)) {
        queued.current = direction;
        return;
      }
      const me = selfOf(v);
      lastMove.current = now;
      queued.current = null;
      send("dungeonMove", { x: me.x + direction[0], y: me.y + direction[1], guild });
    },
    [swiftness, guild],
  );

  const interactNow = useCallback(() => {
    if (!viewRef.current) return;
    const now = Date.now();
    if (now - lastInteract.current < INTERACT_THROTTLE_MS) return;
    lastInteract.current = now;
    onInteractRef.current();
  }, []);

  // Held keys or the joystick keep walking, one move per movement delay.
  useEffect(() => {
    const timer = setInterval(() => {
      const direction = held.current ?? queued.current;
      if (direction && Date.now() >= nextMoveAt(lastMove.current, swiftness)) tryStep(direction);
    }, 50);
    return () => clearInterval(timer);
  }, [tryStep, swiftness]);

  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (paused || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      const direction = keyDirection(e.key);
      if (direction) {
        e.preventDefault();
        held.current = direction;
        if (!e.repeat) tryStep(direction);
      } else if (isInteractKey(e.key)) {
        e.preventDefault();
        if (!e.repeat) interactNow();
      }
    };
    const up = (e: KeyboardEvent) => {
      const direction = keyDirection(e.key);
      if (direction && held.current?.[0] === direction[0] && held.current?.[1] === direction[1]) {
        held.current = null;
      }
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
    };
  }, [paused, tryStep, interactNow]);

  /** The joystick's direction (null: released). */
  const hold = useCallback((direction: Direction | null) => {
    held.current = direction;
  }, []);

  return { tryStep, interactNow, hold };
}
