import type { ReactNode } from "react";
import { ART_ICONS } from "../town/PlaceIcon";
import { PLACE_ACCENTS } from "../town/placeArt";
import type { PlaceArt } from "../town/townPlaces";

/** The zone's art tile: its icon on the zone's accent gradient. */
export function ZoneArt({ art, size = "md" }: { art: PlaceArt; size?: "md" | "lg" }) {
  const accent = PLACE_ACCENTS[art];
  const ArtIcon = ART_ICONS[art];
  return (
    <span
      className={
        size === "lg"
          ? "relative grid size-16 shrink-0 place-items-center rounded-2xl border border-white/15 sm:size-20"
          : "relative grid size-12 shrink-0 place-items-center rounded-xl border border-white/15 sm:size-14"
      }
      style={{
        background: `linear-gradient(145deg, ${accent.from}, ${accent.to})`,
        boxShadow: `0 10px 24px -10px ${accent.to}, inset 0 1px 0 rgb(255 255 255 / 0.25)`,
      }}
    >
      <ArtIcon
        className={`${size === "lg" ? "size-9 sm:size-11" : "size-7 sm:size-8"} text-white drop-shadow-[0_1px_2px_rgb(0_0_0/0.5)]`}
      />
    </span>
  );
}

/**
 * Top panel of the main view: the zone (art and name) with what the player is doing,
 * plus room for actions (e.g. Change Enemy).
 */
export function SceneHeader({
  art,
  overline,
  title,
  children,
  actions,
  testId,
}: {
  art: PlaceArt;
  overline: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const accent = PLACE_ACCENTS[art];
  const ArtIcon = ART_ICONS[art];
  return (
    <section
      data-testid={testId}
      className="panel relative overflow-hidden px-4 py-4 sm:px-5"
      style={{
        background: `radial-gradient(120% 160% at 0% 0%, ${accent.from}30, transparent 55%), linear-gradient(180deg, #1a1640, #110e2c)`,
      }}
    >
      <ArtIcon
        aria-hidden="true"
        className="pointer-events-none absolute -right-6 -bottom-8 size-40 opacity-[0.07]"
        style={{ color: accent.from }}
      />
      <div className="relative flex flex-wrap items-center gap-x-4 gap-y-3">
        <ZoneArt art={art} />
        <div className="min-w-0 flex-1">
          <p
            className="font-display text-[0.7rem] font-bold tracking-[0.16em] uppercase"
            style={{ color: accent.from }}
          >
            {overline}
          </p>
          <h1 className="text-glow truncate text-xl font-bold text-ink sm:text-2xl">{title}</h1>
          {children ? (
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
              {children}
            </div>
          ) : null}
        </div>
        {actions ? <div className="flex w-full shrink-0 gap-2 sm:w-auto">{actions}</div> : null}
      </div>
    </section>
  );
}
