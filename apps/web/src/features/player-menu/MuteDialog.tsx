import { MAX_MUTE_MINUTES, MIN_MUTE_MINUTES } from "@manaspire/game";
import { useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { cx } from "../../lib/cx";
import { formatFull } from "../../lib/numbers";
import { sendChatCommand } from "../chat/chatActions";
import { MUTE_PRESETS, moderationCommand, parseMuteMinutes } from "../chat/chatModeration";
import { closeMute } from "./playerMenuStore";

const DEFAULT_MINUTES = "10";

/** The moderators' mute dialog (player-name menu, Mute…): sends `/mute name minutes`. */
export function MuteDialog({ name }: { name: string }) {
  const [text, setText] = useState(DEFAULT_MINUTES);
  const minutesId = useId();
  const hintId = useId();
  const minutes = parseMuteMinutes(text);
  const mute = () => {
    if (minutes !== null && sendChatCommand(moderationCommand.mute(name, minutes))) closeMute();
  };

  return (
    <Dialog
      open
      title={`Mute ${name}`}
      danger
      confirmLabel="Mute"
      confirmDisabled={minutes === null}
      onCancel={closeMute}
      onConfirm={mute}
    >
      <div className="space-y-3" data-testid="mute-dialog">
        <p>They cannot chat or whisper until the mute ends; both of you are told for how long.</p>
        <div className="space-y-1">
          <label htmlFor={minutesId} className="text-xs font-semibold text-ink-muted">
            Minutes
          </label>
          <input
            id={minutesId}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            aria-invalid={minutes === null}
            aria-describedby={hintId}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                mute();
              }
            }}
            className="field"
          />
          <p
            id={hintId}
            className={cx("text-xs", minutes === null ? "text-danger" : "text-ink-faint")}
          >
            A whole number from {formatFull(MIN_MUTE_MINUTES)} to {formatFull(MAX_MUTE_MINUTES)}{" "}
            (one year).
          </p>
        </div>
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">Quick lengths</legend>
          {MUTE_PRESETS.map((preset) => (
            <button
              key={preset.minutes}
              type="button"
              aria-pressed={minutes === preset.minutes}
              onClick={() => setText(String(preset.minutes))}
              className={cx(
                "rounded-md border px-2.5 py-1 text-xs font-semibold transition-colors",
                minutes === preset.minutes
                  ? "border-primary-light bg-primary/30 text-white"
                  : "border-edge-bright text-ink-muted hover:bg-white/5 hover:text-ink",
              )}
            >
              {preset.label}
            </button>
          ))}
        </fieldset>
      </div>
    </Dialog>
  );
}
