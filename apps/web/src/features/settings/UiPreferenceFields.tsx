import { useId } from "react";
import { useMediaQuery } from "../../lib/useMediaQuery";
import type { EmoteMode } from "../chat/emoteSet";
import { emoteMode, emotesInSystem, useEmoteMode, useEmotesInSystem } from "../chat/emotes";
import { Choice } from "./controls";
import {
  CHATBOX_SIZE_MAX,
  CHATBOX_SIZE_MIN,
  type ChannelPrefix,
  type ChatTitles,
  clampChatboxSize,
  type TooltipMode,
} from "./localSettings";
import { updateLocalSettings, useLocalSettings } from "./settingsStore";

/**
 * The UI preferences (spec 001 "Local-only preferences"): chat box size, channel prefix,
 * chat titles, emote mode, emotes in system messages, tooltip mode (hidden on touch devices,
 * which always use click). Kept in this browser. The settings screen shows them, and the
 * chat box's popover is a shortcut to the same fields.
 */
export function UiPreferenceFields() {
  const settings = useLocalSettings();
  const mode = useEmoteMode();
  const system = useEmotesInSystem();
  const touch = useMediaQuery("(hover: none)");
  const sizeId = useId();
  return (
    <>
      <div className="space-y-1">
        <label htmlFor={sizeId} className="flex justify-between text-xs text-ink-muted">
          <span>Chat box size</span>
          <span className="tabular-nums">{settings.chatboxSize} vh</span>
        </label>
        <input
          id={sizeId}
          type="range"
          min={CHATBOX_SIZE_MIN}
          max={CHATBOX_SIZE_MAX}
          step={1}
          value={settings.chatboxSize}
          onChange={(event) =>
            updateLocalSettings({ chatboxSize: clampChatboxSize(Number(event.target.value)) })
          }
          className="w-full accent-[var(--color-primary)]"
        />
      </div>
      <Choice<ChannelPrefix>
        label="Channel prefix"
        value={settings.channelPrefix}
        options={[
          ["long", "Long"],
          ["short", "Short"],
          ["none", "None"],
        ]}
        onChange={(channelPrefix) => updateLocalSettings({ channelPrefix })}
      />
      <Choice<ChatTitles>
        label="Chat titles"
        value={settings.chatTitles}
        options={[
          ["colored", "Colored"],
          ["gray", "Gray"],
          ["none", "None"],
        ]}
        onChange={(chatTitles) => updateLocalSettings({ chatTitles })}
      />
      <Choice<EmoteMode>
        label="Emotes"
        value={mode}
        options={[
          ["animated", "Animated"],
          ["static", "Static"],
          ["text", "Text"],
        ]}
        onChange={(value) => emoteMode.set(value)}
      />
      <label className="flex cursor-pointer items-center gap-2 text-xs text-ink-muted">
        <input
          type="checkbox"
          checked={system}
          onChange={(event) => emotesInSystem.set(event.target.checked)}
          className="accent-[var(--color-primary)]"
        />
        Emotes in system messages
      </label>
      {touch ? null : (
        <Choice<TooltipMode>
          label="Tooltips"
          value={settings.tooltipMode}
          options={[
            ["hover", "Hover"],
            ["click", "Click"],
          ]}
          onChange={(tooltipMode) => updateLocalSettings({ tooltipMode })}
        />
      )}
    </>
  );
}
