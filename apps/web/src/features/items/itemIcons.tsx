import type { Slot } from "@manaspire/game";
import type { ComponentType } from "react";
import { Icon, type IconProps } from "../../components/icons/Icon";

export function StaffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 21 15.5 8.5" />
      <circle cx="17.5" cy="6" r="2.8" />
      <path d="M17.5 1.8v1.4M21.7 6h-1.4M20.5 3l-1 1" />
    </Icon>
  );
}

export function RobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 3h6l1.5 3 3.5 2-1.5 4-2-1 1 10H6.5l1-10-2 1L4 8l3.5-2Z" />
      <path d="M12 6v15" />
    </Icon>
  );
}

export function BootsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 3h6v9l6 3.5V20H5v-4l2-2Z" />
      <path d="M5 17.5h14" />
    </Icon>
  );
}

export function GlovesIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 21v-4L5 12.5a1.6 1.6 0 0 1 2.6-1.9L9 12V5a1.3 1.3 0 0 1 2.6 0v5V3.8a1.3 1.3 0 0 1 2.6 0V10V5a1.3 1.3 0 0 1 2.6 0v8.5L16 17v4Z" />
    </Icon>
  );
}

export function HatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 19c3 1.5 15 1.5 18 0" />
      <path d="M6 18.5 11 3l3.5 6-1.5.5L17 18.5" />
      <path d="M8 14.5h8" />
    </Icon>
  );
}

export function CloakIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8.5 3.5h7L17 7l3 13H4L7 7Z" />
      <path d="M10 3.5 12 7l2-3.5" />
      <path d="M9 20l1.5-9M15 20l-1.5-9" />
    </Icon>
  );
}

export function AmuletIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 3c0 5 3 8 7 9 4-1 7-4 7-9" />
      <path d="m12 12 3.5 4.5L12 21l-3.5-4.5Z" />
    </Icon>
  );
}

export function RingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="14.5" r="6" />
      <path d="m9.5 5 2.5-2.5L14.5 5 12 7.5Z" />
    </Icon>
  );
}

export function SigilSlotIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 5.5 17.5 15h-11Z" />
      <path d="M12 18.5 6.5 9h11Z" />
    </Icon>
  );
}

export function StarIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Icon {...props} fill={filled ? "currentColor" : "none"}>
      <path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6L12 16.8l-5.4 2.8 1.1-6-4.5-4.2 6.1-.8Z" />
    </Icon>
  );
}

export function OrbIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8" />
      <path d="M8.5 9.5a4 4 0 0 1 3.5-2" />
      <path d="M5 17.5 3 21M19 17.5l2 3.5" />
    </Icon>
  );
}

export function SparkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3v5M12 16v5M3 12h5M16 12h5" />
      <path d="m6 6 2.5 2.5M15.5 15.5 18 18M18 6l-2.5 2.5M8.5 15.5 6 18" />
    </Icon>
  );
}

export function TransferIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 8h13l-3.5-3.5" />
      <path d="M20 16H7l3.5 3.5" />
    </Icon>
  );
}

export function ArrowUpIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 19V5" />
      <path d="m6 11 6-6 6 6" />
    </Icon>
  );
}

export function DisenchantIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 4 12l8 9 8-9Z" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </Icon>
  );
}

export const SLOT_ICONS: Readonly<Record<Slot, ComponentType<IconProps>>> = {
  1: StaffIcon,
  2: RobeIcon,
  3: BootsIcon,
  4: GlovesIcon,
  5: HatIcon,
  6: CloakIcon,
  7: AmuletIcon,
  8: RingIcon,
  9: SigilSlotIcon,
};

/** The icon of a slot (the sigil mark for unknown slots). */
export function SlotIcon({ itemSlot, ...props }: IconProps & { itemSlot: number }) {
  const SlotGlyph = SLOT_ICONS[itemSlot as Slot] ?? SigilSlotIcon;
  return <SlotGlyph {...props} />;
}
