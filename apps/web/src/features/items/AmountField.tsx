import { type ReactNode, useId } from "react";
import { cx } from "../../lib/cx";

export interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Max button: fills in this amount. */
  max?: number;
  /** Text under the field (e.g. the parsed amount or an error). */
  hint?: ReactNode;
  invalid?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  onEnter?: () => void;
}

/**
 * A numeric text field that accepts thousands separators and K…Dc suffixes (spec 000
 * section 5); the caller parses it with parseAmount. Optional Max button.
 */
export function AmountField({
  label,
  value,
  onChange,
  max,
  hint,
  invalid = false,
  autoFocus = false,
  placeholder,
  onEnter,
}: AmountFieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-xs font-semibold text-ink-muted">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          className={cx("field min-w-0 font-semibold tabular-nums")}
          inputMode="decimal"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the field is the reason the dialog opened
          autoFocus={autoFocus}
          value={value}
          placeholder={placeholder}
          aria-invalid={invalid}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.value)}
          onFocus={(event) => event.target.select()}
          onKeyDown={(event) => {
            if (event.key === "Enter" && onEnter) {
              event.preventDefault();
              onEnter();
            }
          }}
        />
        {max !== undefined ? (
          <button
            type="button"
            className="btn shrink-0 px-3"
            onClick={() => onChange(String(Math.max(0, Math.floor(max))))}
          >
            Max
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className={cx("mt-1.5 text-xs", invalid ? "text-danger" : "text-ink-faint")}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
