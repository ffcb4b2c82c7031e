import { ELEMENT_NAMES, Element } from "@manaspire/game";
import type { ComponentType } from "react";
import { cx } from "../lib/cx";
import type { IconProps } from "./icons/Icon";
import { FireIcon, NatureIcon, WaterIcon } from "./icons/skillIcons";

const LOOK: Record<Element, { Icon: ComponentType<IconProps> | null; className: string }> = {
  [Element.None]: { Icon: null, className: "text-ink-muted" },
  [Element.Fire]: { Icon: FireIcon, className: "text-fire" },
  [Element.Water]: { Icon: WaterIcon, className: "text-water" },
  [Element.Nature]: { Icon: NatureIcon, className: "text-nature" },
};

export function ElementIcon({ element, className }: { element: Element; className?: string }) {
  const { Icon, className: tone } = LOOK[element];
  return Icon ? <Icon className={cx("shrink-0", tone, className ?? "size-4")} /> : null;
}

/** Element (of an enemy or a magic type) as icon and name in its colour. */
export function ElementBadge({
  element,
  className,
  suffix,
}: {
  element: Element;
  className?: string;
  /** Text after the name, e.g. "magic". */
  suffix?: string;
}) {
  const { className: tone } = LOOK[element];
  return (
    <span className={cx("inline-flex items-center gap-1 font-semibold", tone, className)}>
      <ElementIcon element={element} className="size-3.5" />
      {ELEMENT_NAMES[element]}
      {suffix ? ` ${suffix}` : null}
    </span>
  );
}
