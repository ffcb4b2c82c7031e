import { Dialog } from "../../components/Dialog";
import { SHORTCUTS } from "./shortcuts";

/** The "?" list of keyboard shortcuts. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open title="Keyboard shortcuts" onCancel={onClose} cancelLabel="Close">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
        {SHORTCUTS.map((s) => (
          <div key={s.key} className="contents">
            <dt>
              <kbd className="inline-grid min-w-7 place-items-center rounded-md border border-edge-bright bg-night-900 px-1.5 py-0.5 font-mono text-xs text-ink">
                {s.label}
              </kbd>
            </dt>
            <dd className="text-ink">{s.description}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs">Shortcuts wait while you type in a text field.</p>
    </Dialog>
  );
}
