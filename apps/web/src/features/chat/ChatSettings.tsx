import { lazy, Suspense, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { cx } from "../../lib/cx";
import { useOutsideClick } from "../../lib/useOutsideClick";

/**
 * The chat box's shortcut to the UI preferences (spec 001 "Local-only preferences"): the
 * same fields as the settings screen's UI preferences section, changing the same values.
 */
const UiPreferenceFields = lazy(async () => ({
  default: (await import("../settings/UiPreferenceFields")).UiPreferenceFields,
}));

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
          <Suspense fallback={<p className="text-xs text-ink-muted">Loading…</p>}>
            <UiPreferenceFields />
          </Suspense>
          <Link
            to="/settings"
            onClick={() => setOpen(false)}
            className="link block pt-1 text-right text-xs"
          >
            All settings
          </Link>
        </div>
      ) : null}
    </>
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
