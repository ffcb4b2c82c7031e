import { useEffect, useRef, useState } from "react";
import type { CombatText } from "../../store/slices/dungeon";
import { drawDungeon, type MapMark } from "./drawDungeon";
import { cellAt, clickAction, type Direction, type DungeonView } from "./dungeonControls";
import type { PeerMark } from "./guildPeers";

/**
 * The dungeon map on a canvas (spec: 64 px tiles), sized to its container, redrawn every frame
 * while combat texts fade; a click or tap on the own cell interacts, on a neighbour moves; the
 * pointer's cell goes to `onHover` (the guild dungeon names the members under it).
 */
export function DungeonCanvas({
  view,
  combat,
  onStep,
  onInteract,
  marks,
  peers,
  onHover,
}: {
  view: DungeonView;
  combat: readonly CombatText[];
  onStep: (direction: Direction) => void;
  onInteract: () => void;
  /** Rooms to frame (the guild dungeon's objectives). */
  marks?: readonly MapMark[];
  /** The other members on a guild floor. */
  peers?: readonly PeerMark[];
  onHover?: (cell: { x: number; y: number } | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 640, height: 448 });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => {
      const width = Math.max(240, Math.floor(el.clientWidth));
      // Phones keep room below the map for the joystick.
      const share = width < 640 ? 0.42 : 0.55;
      const height = Math.max(256, Math.min(576, Math.floor(window.innerHeight * share)));
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext("2d");
    if (!c || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = size.width * ratio;
    c.height = size.height * ratio;
    let frame = 0;
    const draw = () => {
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      const now = Date.now();
      drawDungeon(ctx, view, size.width, size.height, combat, now, marks, peers);
      // Keep animating only while a combat text is fading.
      if (combat.some((t) => now - t.at < 4000)) frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [view, combat, size, marks, peers]);

  return (
    <div ref={box} className="w-full min-w-0 overflow-hidden rounded-xl border border-edge">
      <canvas
        ref={canvas}
        data-testid="dungeon-canvas"
        data-position={`${view.players[0]?.x ?? 0},${view.players[0]?.y ?? 0}`}
        aria-label="Dungeon map: arrow keys or W A S D to move, E or Space to interact"
        role="img"
        style={{ width: "100%", height: size.height, display: "block", touchAction: "none" }}
        onPointerMove={
          onHover
            ? (e) => {
                const r = e.currentTarget.getBoundingClientRect();
                onHover(
                  cellAt(view, e.clientX - r.left, e.clientY - r.top, size.width, size.height),
                );
              }
            : undefined
        }
        onPointerLeave={onHover ? () => onHover(null) : undefined}
        onPointerDown={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          const action = clickAction(
            view,
            e.clientX - r.left,
            e.clientY - r.top,
            size.width,
            size.height,
          );
          if (action === "interact") onInteract();
          else if (action) onStep(action);
        }}
      />
    </div>
  );
}
