import type { ReactNode } from "react";
import { cx } from "../../lib/cx";

/** One section of the settings screen: a titled panel. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      className="panel relative scroll-mt-4 px-4 py-4 sm:px-5"
      aria-labelledby={`${id}-title`}
      data-testid={`settings-${id}`}
    >
      <h2 id={`${id}-title`} className="panel-title">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A row of mutually exclusive buttons (a compact radio group). */
export function Choice<T extends string>({
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

/** An on/off switch with its label (a checkbox with the switch role). */
export function Toggle({
  label,
  checked,
  disabled,
  onChange,
  hint,
}: {
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
}) {
  return (
    <label
      className={cx(
        "relative flex items-center justify-between gap-3 py-1.5",
        disabled ? "cursor-not-allowed opacity-55" : "cursor-pointer",
      )}
    >
      <span className="min-w-0">
        <span className="block text-sm text-ink">{label}</span>
        {hint ? <span className="block text-xs text-ink-faint">{hint}</span> : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className={cx(
          "relative h-6 w-11 shrink-0 rounded-full border transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-primary-bright",
          checked ? "border-primary-light bg-primary/70" : "border-edge-bright bg-night-900",
        )}
      >
        <span
          className={cx(
            "absolute top-0.5 size-4.5 rounded-full bg-ink shadow transition-transform",
            checked ? "translate-x-5.5" : "translate-x-0.5",
          )}
        />
      </span>
    </label>
  );
}
