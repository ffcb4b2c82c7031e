import { ascensionOf, BoostId, TITLE_COLOR_MIN_ASCENSION } from "@manaspire/game";
import { useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { send, useGameStore } from "../../store/gameStore";
import { ShopCard } from "./ShopCard";
import { crystallizedOf, mayColorTitle, titleSaveDisabled, unlockState } from "./shopModel";

const DEFAULT_COLOR = "#ffd230";

/**
 * Ascension and titles (spec 001 sections 4 and 5): Unlock buys the Ascension points to the next
 * title with Crystallized Mana (disabled below the remaining cost); a title (or none) is chosen
 * and saved with setTitle, coloured from 50 Ascension points; Save is disabled while neither
 * the title nor the colour changed.
 */
export function AscensionCard() {
  const player = useGameStore((s) => s.player);
  const shop = useGameStore((s) => s.premium.shop);
  const [title, setTitle] = useState<string | null>(null);
  const [color, setColor] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const colorId = useId();
  if (!player || !shop) return null;

  const ascension = ascensionOf(player.boosts);
  const crystallized = crystallizedOf(player.loot);
  const next = unlockState(player.boosts, crystallized);
  const colorable = mayColorTitle(player.boosts);
  const chosen = {
    title: title ?? player.title,
    color: colorable ? (color ?? player.titleColor) : "",
  };
  const saved = { title: player.title, color: player.titleColor };
  const save = () => {
    if (titleSaveDisabled(saved, chosen)) return;
    if (send("setTitle", { title: chosen.title, color: chosen.title === "" ? "" : chosen.color })) {
      setTitle(null);
      setColor(null);
    }
  };

  return (
    <ShopCard id="titles" title="Ascension and titles">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p className="text-sm text-ink-muted">
          Ascension{" "}
          <b className="font-display text-2xl text-gold tabular-nums" data-testid="shop-ascension">
            {ascension.toLocaleString("en")}
          </b>
        </p>
        <p className="text-xs text-ink-faint">
          Titles unlock at Ascension thresholds, which also raise the merchant's rate.
        </p>
      </div>
      {next ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-edge bg-night-950/50 px-3 py-2">
          <p className="min-w-40 flex-1 text-sm" data-testid="shop-next-title">
            Next title <b className="text-gold">{next.name}</b> at {next.ascension} Ascension:{" "}
            {next.points} {next.points === 1 ? "point" : "points"} for{" "}
            <b>{next.cost} Crystallized Mana</b>.
          </p>
          <button
            type="button"
            className="btn h-9 px-4 py-0 text-xs"
            disabled={next.disabled}
            onClick={() => setAsking(true)}
          >
            Unlock
          </button>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">You unlocked every title.</p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-40 flex-1">
          <label htmlFor={titleId} className="text-xs text-ink-muted">
            Your title
          </label>
          <select
            id={titleId}
            className="field mt-1 h-10 py-0 text-sm"
            value={chosen.title}
            onChange={(e) => setTitle(e.target.value)}
          >
            <option value="">No title</option>
            {shop.titles.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        {colorable ? (
          <div>
            <label htmlFor={colorId} className="text-xs text-ink-muted">
              Colour
            </label>
            <input
              id={colorId}
              type="color"
              className="mt-1 block h-10 w-14 cursor-pointer rounded-lg border border-edge bg-night-950"
              value={chosen.color || DEFAULT_COLOR}
              onChange={(e) => setColor(e.target.value)}
            />
          </div>
        ) : null}
        <button
          type="button"
          className="btn btn-primary h-10 px-4 py-0"
          disabled={titleSaveDisabled(saved, chosen)}
          onClick={save}
        >
          Save
        </button>
      </div>
      <p className="text-xs text-ink-faint" data-testid="shop-title-preview">
        In chat:{" "}
        {chosen.title ? (
          <span
            className="font-semibold"
            style={chosen.color ? { color: chosen.color } : undefined}
          >
            [{chosen.title}]
          </span>
        ) : (
          "no title"
        )}{" "}
        <span className="text-ink">{player.name}</span>
        {colorable ? "" : ` · Colours from ${TITLE_COLOR_MIN_ASCENSION} Ascension.`}
      </p>
      <Dialog
        open={asking && next !== null}
        title="Unlock a title"
        confirmLabel="Unlock"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          if (next) send("purchaseBoost", { boost: BoostId.Ascension, amount: next.points });
          setAsking(false);
        }}
      >
        <p className="text-sm">
          Buy {next?.points} Ascension {next?.points === 1 ? "point" : "points"} for {next?.cost}{" "}
          Crystallized Mana and unlock {next?.name}?
        </p>
      </Dialog>
    </ShopCard>
  );
}
