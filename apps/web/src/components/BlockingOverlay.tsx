import { type ReactNode, useEffect, useId, useRef } from "react";
import { useRestoreFocus } from "../lib/useRestoreFocus";
import { SpireMark } from "./icons/SpireMark";

export interface BlockingOverlayProps {
  title: ReactNode;
  children?: ReactNode;
  /** Buttons; there is deliberately no built-in cancel and Escape does nothing. */
  actions?: ReactNode;
}

/**
 * Full-screen modal that blocks the whole game (connection lost, forced reload).
 * Render it only while it should be shown.
 */
export function BlockingOverlay({ title, children, actions }: BlockingOverlayProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useRestoreFocus();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => event.preventDefault()}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-night-950/85 p-4 text-ink backdrop:bg-transparent"
    >
      <div className="flex h-full items-center justify-center">
        <div className="panel w-full max-w-sm animate-fade-in px-6 py-7 text-center">
          <SpireMark className="mx-auto size-12 animate-pulse-soft" />
          <h2 id={titleId} className="mt-4 text-xl font-bold text-gold">
            {title}
          </h2>
          {children ? <div className="mt-3 text-sm text-ink-muted">{children}</div> : null}
          {actions ? <div className="mt-6 flex justify-center gap-2">{actions}</div> : null}
        </div>
      </div>
    </dialog>
  );
}
