import type { ReactNode } from "react";
import type { SignInProvider } from "./signInProviders";

/** Badge colours of the spec's providers; an operator's own provider gets the game's colour. */
const BADGE: Record<string, string> = {
  google: "bg-white text-[#1a73e8]",
  discord: "bg-[#5865f2] text-white",
  twitch: "bg-[#9146ff] text-white",
};

/** A provider's initial in a small round badge (no third-party logo is loaded). */
export function ProviderBadge({ provider }: { provider: SignInProvider }) {
  return (
    <span
      aria-hidden="true"
      className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold ${
        BADGE[provider.id] ?? "bg-primary text-white"
      }`}
    >
      {provider.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** A full-width button that starts a flow at an identity provider. */
export function ProviderButton({
  provider,
  disabled,
  onClick,
  children,
}: {
  provider: SignInProvider;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn w-full justify-start py-2.5"
      disabled={disabled}
      onClick={onClick}
      data-provider={provider.id}
    >
      <ProviderBadge provider={provider} />
      <span className="flex-1 text-center">{children}</span>
      <span className="size-6 shrink-0" aria-hidden="true" />
    </button>
  );
}
