import type { ComponentType } from "react";
import { Link } from "react-router";
import type { IconProps } from "./icons/Icon";
import { HourglassIcon } from "./icons/uiIcons";

export interface ComingSoonProps {
  title: string;
  icon: ComponentType<IconProps>;
  /** One or two sentences on what this screen will do. */
  summary: string;
  /** The main things the finished screen will offer. */
  features: readonly string[];
  /** Optional context line, e.g. which player or item the page is about. */
  context?: string;
}

/** Placeholder for a screen that is not built yet: says exactly what is coming. */
export function ComingSoon({ title, icon: PageIcon, summary, features, context }: ComingSoonProps) {
  return (
    <div className="mx-auto w-full max-w-2xl">
      <div className="panel relative overflow-hidden px-5 py-6 sm:px-8 sm:py-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-16 size-64 rounded-full bg-primary/25 blur-3xl"
        />
        <div className="relative flex items-start gap-4">
          <div className="grid size-14 shrink-0 place-items-center rounded-xl border border-edge-bright bg-night-700 text-primary-bright shadow-lg shadow-primary/20">
            <PageIcon className="size-8" />
          </div>
          <div className="min-w-0">
            <p className="inline-flex items-center gap-1.5 rounded-full border border-gold/40 bg-gold/10 px-2.5 py-0.5 text-[0.7rem] font-semibold tracking-wider text-gold uppercase">
              <HourglassIcon className="size-3.5" />
              Coming soon
            </p>
            <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
            {context ? <p className="mt-1 text-sm text-ink-faint">{context}</p> : null}
          </div>
        </div>
        <p className="relative mt-5 text-ink-muted">{summary}</p>
        <ul className="relative mt-4 space-y-2">
          {features.map((feature) => (
            <li key={feature} className="flex gap-3 text-sm text-ink">
              <span
                aria-hidden="true"
                className="mt-1.5 size-1.5 shrink-0 rotate-45 bg-primary-bright"
              />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <div className="relative mt-6 border-t border-edge pt-4 text-sm text-ink-faint">
          The spire is still being built.{" "}
          <Link to="/town" className="link">
            Back to Town
          </Link>
        </div>
      </div>
    </div>
  );
}
