import { CHAT_CHANNEL_NAMES, type ChatChannel } from "@manaspire/game";
import { Fragment, useCallback, useLayoutEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { send } from "../../store/gameStore";
import { askIgnore } from "../player-menu/playerMenuStore";
import { pushToast } from "../toasts/toastStore";
import { planSubmit } from "./chatCommands";
import { channelClass } from "./chatFormat";
import {
  applyInputChange,
  backspaceUnit,
  CHAT_MAX_LENGTH,
  chipLabel,
  type DraftEdit,
  deleteUnit,
  draftText,
  EMPTY_DRAFT,
  pasteText,
  serializeDraft,
  snapCaret,
} from "./chatInput";
import {
  setChatDraft,
  setChatSelection,
  setSendChannel,
  takeFocusRequest,
  useChatUi,
} from "./chatUiStore";

/**
 * The send channel selector and the message input. The input holds plain text; item links
 * show as "[Name]" chips drawn by an overlay that mirrors the input's text, and behave as
 * one unit (see chatInput.ts).
 */
export function ChatInput({
  sendable,
  sendChannel,
}: {
  sendable: readonly ChatChannel[];
  sendChannel: ChatChannel | null;
}) {
  const draft = useChatUi((s) => s.draft);
  const selection = useChatUi((s) => s.selection);
  const focusRequest = useChatUi((s) => s.focusRequest);
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const display = draftText(draft);
  const hasChips = draft.some((s) => s.kind === "item");

  const syncScroll = useCallback(() => {
    const input = inputRef.current;
    const mirror = mirrorRef.current;
    if (input && mirror) mirror.scrollLeft = input.scrollLeft;
  }, []);

  // Put the caret where the last edit put it (once per new selection: a render for anything
  // else must not undo a selection the player just made, whose `select` event, and so the
  // stored selection, comes a task later), and keep the chip overlay scrolled like the input.
  const placed = useRef(selection);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    if (
      placed.current !== selection &&
      document.activeElement === input &&
      (input.selectionStart !== selection.start || input.selectionEnd !== selection.end)
    ) {
      input.setSelectionRange(selection.start, selection.end);
    }
    placed.current = selection;
    syncScroll();
  });

  // Someone asked for the input (Whisper in the player menu, an item link).
  // (The input may mount for it: a request to a collapsed chat box opens it first.)
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || focusRequest === 0 || !takeFocusRequest()) return;
    input.focus({ preventScroll: true });
    const { selection: wanted } = useChatUi.getState();
    input.setSelectionRange(wanted.start, wanted.end);
    syncScroll();
  }, [focusRequest, syncScroll]);

  const apply = (edit: DraftEdit | null) => {
    if (edit) setChatDraft(edit.draft, edit.caret);
  };

  const currentSelection = () => {
    const input = inputRef.current;
    return {
      start: input?.selectionStart ?? display.length,
      end: input?.selectionEnd ?? display.length,
    };
  };

  const submit = () => {
    const plan = planSubmit(serializeDraft(draft), sendChannel);
    switch (plan.kind) {
      case "empty":
        return;
      case "noChannel":
        pushToast("Choose a channel to send to, or type /help for commands.");
        return;
      case "tooLong":
        pushToast(`Messages can be at most ${CHAT_MAX_LENGTH} characters.`);
        return;
      case "navigate":
        setChatDraft(EMPTY_DRAFT, 0);
        navigate(plan.to);
        return;
      case "confirmIgnore":
        // The same question as the name menu's Ignore; Confirm sends the command.
        setChatDraft(EMPTY_DRAFT, 0);
        askIgnore(plan.name);
        return;
      case "send":
        if (send("chat", { channel: plan.channel, text: plan.text })) setChatDraft(EMPTY_DRAFT, 0);
        return;
    }
  };

  const placeholder =
    sendChannel === null
      ? "Pick a channel, or /w name message"
      : `Message ${CHAT_CHANNEL_NAMES[sendChannel]}…`;

  return (
    <form
      className="flex shrink-0 items-center gap-2 border-t border-edge/60 px-2 py-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="sr-only" htmlFor="chat-send-channel">
        Send to channel
      </label>
      <select
        id="chat-send-channel"
        value={sendChannel ?? ""}
        onChange={(event) =>
          setSendChannel(
            event.target.value === "" ? null : (Number(event.target.value) as ChatChannel),
          )
        }
        className={cx(
          "h-9 max-w-28 shrink-0 cursor-pointer rounded-lg border border-edge-bright bg-night-900 px-2 text-xs font-semibold focus:border-primary-light focus:outline-none",
          sendChannel === null ? "text-ink-faint" : channelClass(sendChannel),
        )}
        data-testid="chat-send-channel"
      >
        {sendChannel === null ? (
          <option value="" disabled>
            Channel
          </option>
        ) : null}
        {sendable.map((channel) => (
          <option key={channel} value={channel} className="bg-night-900 text-ink">
            {CHAT_CHANNEL_NAMES[channel]}
          </option>
        ))}
      </select>
      <div className="relative h-9 min-w-0 flex-1 rounded-lg border border-edge-bright bg-night-900 focus-within:border-primary-light focus-within:shadow-[0_0_0_3px_color-mix(in_oklab,var(--color-primary)_35%,transparent)]">
        {hasChips ? (
          <div
            ref={mirrorRef}
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 overflow-hidden px-3 text-sm leading-[2.125rem] whitespace-pre text-ink"
          >
            {draft.map((segment, index) =>
              segment.kind === "text" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity
                <Fragment key={index}>{segment.text}</Fragment>
              ) : (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity
                  key={index}
                  className={cx(
                    "rounded bg-white/10 shadow-[0_0_0_1px_rgb(255_255_255/0.14)]",
                    rarityClass(segment.item.rarity),
                  )}
                >
                  {chipLabel(segment.item)}
                </span>
              ),
            )}
          </div>
        ) : null}
        <input
          ref={inputRef}
          type="text"
          value={display}
          aria-label="Chat message"
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={!hasChips}
          enterKeyHint="send"
          data-testid="chat-input"
          className={cx(
            "relative h-full w-full rounded-lg bg-transparent px-3 text-sm text-ink caret-ink placeholder:text-ink-faint focus:outline-none",
            hasChips && "text-transparent",
          )}
          onChange={(event) => {
            const target = event.currentTarget;
            apply(
              applyInputChange(draft, target.value, target.selectionEnd ?? target.value.length),
            );
          }}
          onPaste={(event) => {
            event.preventDefault();
            apply(pasteText(draft, currentSelection(), event.clipboardData.getData("text/plain")));
          }}
          onKeyDown={(event) => {
            if (event.key === "Backspace" || event.key === "Delete") {
              const edit =
                event.key === "Backspace"
                  ? backspaceUnit(draft, currentSelection())
                  : deleteUnit(draft, currentSelection());
              if (edit) {
                event.preventDefault();
                apply(edit);
              }
            }
          }}
          onSelect={(event) => {
            const target = event.currentTarget;
            let start = target.selectionStart ?? 0;
            let end = target.selectionEnd ?? start;
            if (start === end) {
              start = snapCaret(draft, start);
              end = start;
              if (start !== target.selectionStart) target.setSelectionRange(start, end);
            }
            setChatSelection({ start, end });
            syncScroll();
          }}
          onScroll={syncScroll}
        />
      </div>
      <button
        type="submit"
        className="btn btn-primary h-9 shrink-0 px-3 text-xs"
        data-testid="chat-send"
      >
        Send
      </button>
    </form>
  );
}
