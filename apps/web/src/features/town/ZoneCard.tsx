import { cx } from "../../lib/cx";
import { ART_ICONS } from "./PlaceIcon";
import { PLACE_ACCENTS } from "./placeArt";
import type { PlaceArt } from "./townPlaces";

export interface ZoneCardProps {
  name: string;
  tag: string;
  description: string;
  art: PlaceArt;
  current: boolean;
  onSelect: () => void;
  layout?: "row" | "stack";
}

/** A selectable battle or gathering zone with art, tag and a current-zone marker. */
export function ZoneCard({
  name,
  tag,
  description,
  art,
  current,
  onSelect,
  layout = "row",
}: ZoneCardProps) {
  const accent = PLACE_ACCENTS[art];
  const ArtIcon = ART_ICONS[art];
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={current ? "true" : undefined}
      className={cx(
        "group relative flex w-full overflow-hidden rounded-xl border p-3.5 text-left transition-all duration-150 hover:-translate-y-0.5",
        layout === "row" ? "items-center gap-4" : "flex-col items-start gap-3",
        current
          ? "border-gold/70 shadow-[0_0_0_1px_var(--color-gold),0_10px_30px_-12px_var(--color-gold)]"
          : "border-edge hover:border-edge-bright hover:shadow-[0_10px_30px_-14px_var(--color-primary)]",
      )}
      style={{
        background: `radial-gradient(120% 140% at 0% 0%, ${accent.from}2e, transparent 55%), linear-gradient(180deg, #1a1640, #110e2c)`,
      }}
    >
      <ArtIcon
        className="pointer-events-none absolute -right-3 -bottom-4 size-28 opacity-[0.07] transition-opacity group-hover:opacity-[0.12]"
        style={{ color: accent.from }}
      />
      <span
        className="relative grid size-14 shrink-0 place-items-center rounded-xl border border-white/15 shadow-lg"
        style={{
          background: `linear-gradient(145deg, ${accent.from}, ${accent.to})`,
          boxShadow: `0 8px 20px -8px ${accent.to}`,
        }}
      >
        <ArtIcon className="size-8 text-white drop-shadow-[0_1px_2px_rgb(0_0_0/0.5)]" />
      </span>
      <span className="relative min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-display text-base font-bold text-ink">{name}</span>
          <span
            className="rounded-full border px-2 py-px text-[0.65rem] font-semibold tracking-wider uppercase"
            style={{ borderColor: `${accent.from}66`, color: accent.from }}
          >
            {tag}
          </span>
          {current ? (
            <span className="rounded-full bg-gold px-2 py-px text-[0.65rem] font-bold tracking-wider text-night-950 uppercase">
              Current
            </span>
          ) : null}
        </span>
        <span className="mt-1 block text-sm text-ink-muted">{description}</span>
      </span>
    </button>
  );
}
