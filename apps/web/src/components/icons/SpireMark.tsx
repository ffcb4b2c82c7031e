import { useId } from "react";

/** The Manaspire logo mark: a glowing crystal spire. Decorative. */
export function SpireMark({ className = "size-7" }: { className?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e4d8ff" />
          <stop offset="0.55" stopColor="var(--color-primary-bright)" />
          <stop offset="1" stopColor="var(--color-primary)" />
        </linearGradient>
      </defs>
      <path d="M16 1.5 22 13 16 30.5 10 13Z" fill={`url(#${id}-g)`} />
      <path d="M16 1.5V30.5L10 13Z" fill="#fff" fillOpacity="0.22" />
      <path d="M10 13h12" stroke="#fff" strokeOpacity="0.35" strokeWidth="0.8" />
      <path d="M4.5 18.5 7 17l-1.5 3.5ZM27.5 18.5 25 17l1.5 3.5Z" fill="var(--color-gold)" />
    </svg>
  );
}
