import { useId, useRef, useState } from "react";
import { cx } from "../../lib/cx";
import { useMediaQuery } from "../../lib/useMediaQuery";
import { useOutsideClick } from "../../lib/useOutsideClick";
import {
  CHATBOX_SIZE_MAX,
  CHATBOX_SIZE_MIN,
  type ChannelPrefix,
  type ChatTitles,
  clampChatboxSize,
  type TooltipMode,
} from "../settings/localSettings";
import { updateLocalSettings, useLocalSettings } from "../settings/settingsStore";
import type { EmoteMode } from "./emoteSet";
import { emoteMode, emotesInSystem, useEmoteMode, useEmotesInSystem } from "./emotes";

/**
 * The chat preferences (spec 001 "Local-only preferences"): chat box size, channel prefix,
 * chat titles, emote mode, emotes in system messages, tooltip mode. There is no settings
 * screen yet, so they live in a small popover of the chat box.
 */
export function ChatSettingsButton() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useOutsideClick([buttonRef, panelRef], () => setOpen(false), open);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={panelId}
        title="Chat settings"
        className={cx(
          "grid size-8 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-white/5 hover:text-ink",
          open && "bg-white/5 text-ink",
        )}
        data-testid="chat-settings-button"
      >
        <GearIcon className="size-4" />
        <span className="sr-only">Chat settings</span>
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label="Chat settings"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              setOpen(false);
              buttonRef.current?.focus();
            }
          }}
          className="absolute right-2 bottom-full z-40 mb-2 w-[min(20rem,calc(100vw-1rem))] animate-fade-in space-y-3 rounded-xl border border-edge-bright bg-night-800 p-4 text-sm shadow-[0_16px_40px_-12px_rgb(0_0_0/0.85)]"
        >
          <h2 className="panel-title">Chat settings</h2>
          <ChatSettingsFields />
        </div>
      ) : null}
    </>
  );
}

function ChatSettingsFields() {
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

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-xs text-ink-muted">{label}</legend>
      <div className="flex gap-1 rounded-lg border border-edge bg-night-950/60 p-0.5">
        {options.map(([option, text]) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === value}
            onClick={() => onChange(option)}
            className={cx(
              "flex-1 rounded-md px-2 py-1 text-xs font-semibold",
              option === value ? "bg-primary/35 text-white" : "text-ink-muted hover:bg-white/5",
            )}
          >
            {text}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function GearIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09a1.65 1.65 0 0 0-1.08-1.51 1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06a1.65 1.65 0 0 0 .33-1.82 1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09a1.65 1.65 0 0 0 1.51-1.08 1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06a1.65 1.65 0 0 0 1.82.33H9a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06a1.65 1.65 0 0 0-.33 1.82V9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z" />
    </svg>
  );
}
