import { Icon, type IconProps } from "./Icon";

/** Crossed swords. */
export function BattleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14.5 17.5 3 6V3h3l11.5 11.5" />
      <path d="m13 19 6-6" />
      <path d="m16 16 4 4" />
      <path d="m19 21 2-2" />
      <path d="M14.5 6.5 18 3h3v3l-3.5 3.5" />
      <path d="m5 14 4 4" />
      <path d="m7 17-3 3" />
      <path d="m3 19 2 2" />
    </Icon>
  );
}

export function MiningIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 7.5C8 4 13 3 17.5 6.5 21 11 20 16 16.5 19.5L15.5 17C17.5 14 18 10.5 15.5 8.5 13.5 6 10 6.5 7 8.5Z" />
      <path d="M14.5 9.5 4 20" />
    </Icon>
  );
}

export function FishingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 12c3.2-5 10.3-6.2 14.5 0-4.2 6.2-11.3 5-14.5 0Z" />
      <path d="M17 12l4.5-4v8Z" />
      <circle cx="7.5" cy="11" r="0.9" fill="currentColor" stroke="none" />
      <path d="M11 9.2c.8 1.7.8 3.9 0 5.6" />
    </Icon>
  );
}

export function WoodcuttingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m12.5 10.5-9 9" />
      <path d="M15 13 9 7l4-4 6 6h3a8 8 0 0 1-7 7Z" />
    </Icon>
  );
}

export function FireIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21.5c-4 0-7-2.8-7-6.6 0-3.4 2.4-5.4 3.9-8 .6 2 1.6 3 2.6 3.5.1-2.9 1-5.5 3.5-7.4-.4 3 1.5 5 3 7 1 1.4 1.5 3.1 1.5 4.7 0 4-3.5 6.8-7.5 6.8Z" />
      <path d="M12 21.5c-1.7 0-3-1.2-3-2.8 0-1.8 1.6-2.6 2.2-4.2 1 .9 1.4 1.6 1.8 2.6.5-.6.8-1.2.9-2 1 1 1.6 2.2 1.6 3.5 0 1.7-1.6 2.9-3.5 2.9Z" />
    </Icon>
  );
}

export function WaterIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2.8c3.6 4.5 6.5 8 6.5 11.6a6.5 6.5 0 0 1-13 0C5.5 10.8 8.4 7.3 12 2.8Z" />
      <path d="M8.7 14.6a3.3 3.3 0 0 0 3.3 3.3" />
    </Icon>
  );
}

export function NatureIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 19C5 10.5 10 5 20 4c-.8 10-6 15-15 15Z" />
      <path d="M5 19l8.5-8.5" />
    </Icon>
  );
}
