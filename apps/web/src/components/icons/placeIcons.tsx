import { Icon, type IconProps } from "./Icon";

export function TownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 21h18" />
      <path d="M4 21V10l2.5-2L9 10v11" />
      <path d="M15 21V10l2.5-2 2.5 2v11" />
      <path d="M9 21V7l3-3.5L15 7v14" />
      <path d="M11 21v-3a1 1 0 0 1 2 0v3" />
      <path d="M12 3.5V1.5l2 .8-2 .8" />
    </Icon>
  );
}

export function ResearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 5.5c3.2-1.3 6.5-1 9.5 1.2 3-2.2 6.3-2.5 9.5-1.2v13.2c-3.2-1.3-6.5-1-9.5 1.2-3-2.2-6.3-2.5-9.5-1.2Z" />
      <path d="M12 6.7v13.2" />
    </Icon>
  );
}

export function InventoryIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5.5 9.5a3 3 0 0 1 3-3h7a3 3 0 0 1 3 3V20a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1Z" />
      <path d="M9 6.5V5a3 3 0 0 1 6 0v1.5" />
      <path d="M8.5 13h7v3.5h-7z" />
    </Icon>
  );
}

export function FarmIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21v-9" />
      <path d="M12 12.5C12 8.6 9.4 6.5 5 6.5c0 3.9 2.8 6 7 6Z" />
      <path d="M12 10.5c0-4 2.8-6.6 7.2-6.6 0 4-3 6.6-7.2 6.6Z" />
      <path d="M5 21h14" />
    </Icon>
  );
}

export function MarketIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3v18" />
      <path d="M8 21h8" />
      <path d="M4.5 7h15" />
      <path d="m4.5 7-2.5 6.5a2.5 2.5 0 0 0 5 0Z" />
      <path d="m19.5 7-2.5 6.5a2.5 2.5 0 0 0 5 0Z" />
    </Icon>
  );
}

export function GuildIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2.8 19.5 5.6v5.9c0 4.8-3.2 8.2-7.5 9.7-4.3-1.5-7.5-4.9-7.5-9.7V5.6Z" />
      <path d="m12 8 1.2 2.4 2.6.4-1.9 1.8.5 2.6L12 14l-2.4 1.2.5-2.6-1.9-1.8 2.6-.4Z" />
    </Icon>
  );
}

export function DungeonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 21V11a8 8 0 0 1 16 0v10" />
      <path d="M2.5 21h19" />
      <path d="M9 21V8.2" />
      <path d="M15 21V8.2" />
      <path d="M12 21V5.6" />
      <path d="M5.5 14h13" />
    </Icon>
  );
}

export function PetsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="6" cy="10" r="1.9" />
      <circle cx="9.8" cy="5.8" r="1.9" />
      <circle cx="14.2" cy="5.8" r="1.9" />
      <circle cx="18" cy="10" r="1.9" />
      <path d="M12 12c-3 0-5.6 3.6-5.6 5.9 0 1.8 1.5 2.8 3.1 2.2 1-.4 1.6-.6 2.5-.6s1.5.2 2.5.6c1.6.6 3.1-.4 3.1-2.2 0-2.3-2.6-5.9-5.6-5.9Z" />
    </Icon>
  );
}

export function LogIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 3.5h9.5L19 7v13.5H6Z" />
      <path d="M15 3.5V7.5h4" />
      <path d="M9 11h7" />
      <path d="M9 14.5h7" />
      <path d="M9 18h4" />
    </Icon>
  );
}

export function RankingsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7.5 3.5h9V9a4.5 4.5 0 0 1-9 0Z" />
      <path d="M7.5 5.5H4.5A3.5 3.5 0 0 0 8 11" />
      <path d="M16.5 5.5h3A3.5 3.5 0 0 1 16 11" />
      <path d="M12 13.5v3.5" />
      <path d="M8.5 21h7l-1-4h-5Z" />
    </Icon>
  );
}

export function NewsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 5h12.5v13.5a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2Z" />
      <path d="M16.5 9H20v9.5a2 2 0 0 1-2 2" />
      <path d="M7 8.5h6.5" />
      <path d="M7 12h6.5" />
      <path d="M7 15.5h4" />
    </Icon>
  );
}

export function RulesIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 4h17v11.5h-17Z" />
      <path d="M7 15.5V21" />
      <path d="M17 15.5V21" />
      <path d="M7 8h10" />
      <path d="M7 11.5h6" />
    </Icon>
  );
}

export function PremiumIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6.5 3.5h11l3.5 5.5L12 21 3 9Z" />
      <path d="M3 9h18" />
      <path d="M9.5 3.5 8 9l4 12 4-12-1.5-5.5" />
    </Icon>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6h8.5" />
      <path d="M17.5 6H20" />
      <path d="M4 12h2.5" />
      <path d="M11.5 12H20" />
      <path d="M4 18h10.5" />
      <path d="M19.5 18H20" />
      <circle cx="15" cy="6" r="2.3" />
      <circle cx="9" cy="12" r="2.3" />
      <circle cx="17" cy="18" r="2.3" />
    </Icon>
  );
}

export function EventIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2.5c1 4.8 3.7 7.5 8.5 8.5-4.8 1-7.5 3.7-8.5 8.5-1-4.8-3.7-7.5-8.5-8.5 4.8-1 7.5-3.7 8.5-8.5Z" />
      <path d="M19 17.5v4" />
      <path d="M17 19.5h4" />
    </Icon>
  );
}

export function ProfileIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c.8-4 4-6.5 8-6.5s7.2 2.5 8 6.5" />
    </Icon>
  );
}

export function SigilIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 5.5 17.6 15H6.4Z" />
      <path d="M12 18.5 6.4 9h11.2Z" />
    </Icon>
  );
}
