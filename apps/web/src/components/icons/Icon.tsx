import type { ReactNode, SVGProps } from "react";

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
}

const BASE = {
  xmlns: "http://www.w3.org/2000/svg",
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.75,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** Base for the inline SVG icon set: 24x24 grid, stroke uses currentColor. */
export function Icon({
  title,
  children,
  className = "size-5",
  ...rest
}: IconProps & { children: ReactNode }) {
  if (title) {
    return (
      <svg {...BASE} className={className} role="img" aria-label={title} {...rest}>
        <title>{title}</title>
        {children}
      </svg>
    );
  }
  return (
    <svg {...BASE} className={className} aria-hidden="true" {...rest}>
      {children}
    </svg>
  );
}
