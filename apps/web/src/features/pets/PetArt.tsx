import { PetClass, petType } from "@manaspire/game";
import { useId } from "react";
import { cx } from "../../lib/cx";

/**
 * A pet's portrait in its skin's colours: a round badge with the class's mark and the
 * pet's initial (no image files; every skin recolours the same drawing).
 */
export function PetArt({
  type,
  skin,
  className,
  locked = false,
}: {
  type: number;
  skin: number;
  className?: string;
  locked?: boolean;
}) {
  const def = petType(type);
  const colors = def?.skins.find((s) => s.id === skin)?.colors ?? ["#aaa3d6", "#1f1a47"];
  const id = useId();
  const initial = (def?.name ?? "?").charAt(0);
  return (
    <svg
      viewBox="0 0 64 64"
      className={cx("size-14 shrink-0", locked && "opacity-45 grayscale", className)}
      aria-hidden="true"
    >
      <defs>
        <radialGradient id={`${id}g`} cx="35%" cy="30%" r="75%">
          <stop offset="0" stopColor={colors[0]} />
          <stop offset="1" stopColor={colors[1]} />
        </radialGradient>
      </defs>
      <circle
        cx="32"
        cy="32"
        r="30"
        fill={`url(#${id}g)`}
        stroke="rgba(255,255,255,0.25)"
        strokeWidth="1.5"
      />
      {/* ears / crest by class */}
      {def?.petClass === PetClass.Combat ? (
        <path
          d="M14 20 L22 8 L26 20 M50 20 L42 8 L38 20"
          fill={colors[1]}
          stroke="rgba(255,255,255,0.35)"
          strokeWidth="1.2"
          strokeLinejoin="round"
        />
      ) : def?.petClass === PetClass.Gathering ? (
        <path
          d="M16 18a6 6 0 1 1 8-6M48 18a6 6 0 1 0-8-6"
          fill="none"
          stroke="rgba(255,255,255,0.45)"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      ) : (
        <path
          d="M32 5l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5-3.6-3.5 5-.7Z"
          fill="rgba(255,255,255,0.7)"
        />
      )}
      <circle cx="23" cy="29" r="3.2" fill="#0b0a1a" />
      <circle cx="41" cy="29" r="3.2" fill="#0b0a1a" />
      <circle cx="24" cy="28" r="1" fill="white" />
      <circle cx="42" cy="28" r="1" fill="white" />
      <text
        x="32"
        y="50"
        textAnchor="middle"
        fontSize="15"
        fontWeight="700"
        fill="rgba(255,255,255,0.9)"
        fontFamily="system-ui, sans-serif"
      >
        {initial}
      </text>
    </svg>
  );
}
