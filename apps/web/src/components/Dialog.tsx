import { type ReactNode, useEffect, useId, useRef } from "react";
import { cx } from "../lib/cx";
import { useRestoreFocus } from "../lib/useRestoreFocus";

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** OK button; omit to show only the Cancel button. */
  onConfirm?: () => void;
  /** Cancel button, Escape and backdrop click. */
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmDisabled?: boolean;
  /** Style the OK button as a destructive action. */
  danger?: boolean;
}

/** Modal dialog with the default buttons Cancel and OK. */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel = "OK",
  cancelLabel = "Cancel",
  confirmDisabled = false,
  danger = false,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useRestoreFocus();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) onCancel();
    };
    dialog.addEventListener("click", onBackdrop);
    return () => dialog.removeEventListener("click", onBackdrop);
  }, [onCancel]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="panel m-auto w-[min(92vw,28rem)] animate-fade-in border-edge-bright p-0 text-ink"
    >
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-bold text-gold">
          {title}
        </h2>
        {children ? <div className="mt-3 text-sm text-ink-muted">{children}</div> : null}
      </div>
      <div className="flex justify-end gap-2 border-t border-edge bg-night-900/60 px-5 py-3">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        {onConfirm ? (
          <button
            type="button"
            className={cx("btn", danger ? "border-danger/70 bg-danger/20" : "btn-primary")}
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        ) : null}
      </div>
    </dialog>
  );
}
