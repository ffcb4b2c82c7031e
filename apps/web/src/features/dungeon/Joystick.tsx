import { useRef, useState } from "react";
import { cx } from "../../lib/cx";
import { type Direction, joystickDirection } from "./dungeonControls";

const RADIUS = 44;

/**
 * The touch joystick: drag the knob toward a direction and hold it to keep walking. Locked, it
 * stays in the middle of its area; unlocked, it starts where the thumb touches.
 */
export function Joystick({
  locked,
  onDirection,
}: {
  locked: boolean;
  onDirection: (direction: Direction | null) => void;
}) {
  const zone = useRef<HTMLDivElement>(null);
  const [base, setBase] = useState<{ x: number; y: number } | null>(null);
  const [knob, setKnob] = useState({ x: 0, y: 0 });
  const centre = () => {
    const r = zone.current?.getBoundingClientRect();
    return r ? { x: r.width / 2, y: r.height / 2 } : { x: 80, y: 80 };
  };
  const origin = base ?? centre();
  const local = (e: React.PointerEvent) => {
    const r = zone.current?.getBoundingClientRect();
    return { x: e.clientX - (r?.left ?? 0), y: e.clientY - (r?.top ?? 0) };
  };
  const drag = (x: number, y: number, from = origin) => {
    const dx = x - from.x;
    const dy = y - from.y;
    const len = Math.hypot(dx, dy);
    const k = len > RADIUS ? RADIUS / len : 1;
    setKnob({ x: dx * k, y: dy * k });
    onDirection(joystickDirection(dx, dy));
  };
  const release = () => {
    setKnob({ x: 0, y: 0 });
    setBase(null);
    onDirection(null);
  };
  return (
    <div
      ref={zone}
      className="relative size-40 touch-none select-none"
      data-testid="dungeon-joystick"
      aria-hidden="true"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        const p = local(e);
        if (locked) drag(p.x, p.y, centre());
        else {
          setBase(p);
          drag(p.x, p.y, p);
        }
      }}
      onPointerMove={(e) => {
        if (e.buttons === 0 && e.pointerType === "mouse") return;
        if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
        const p = local(e);
        drag(p.x, p.y);
      }}
      onPointerUp={release}
      onPointerCancel={release}
    >
      <div
        className={cx(
          "absolute size-28 -translate-x-1/2 -translate-y-1/2 rounded-full border border-edge-bright/70 bg-night-900/60",
        )}
        style={{ left: origin.x, top: origin.y }}
      />
      <div
        className="absolute size-12 -translate-x-1/2 -translate-y-1/2 rounded-full border border-primary-light bg-primary/60 shadow"
        style={{ left: origin.x + knob.x, top: origin.y + knob.y }}
      />
    </div>
  );
}
