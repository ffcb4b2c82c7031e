import { Icon, type IconProps } from "./Icon";

export function GroveIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10 3 4.5 10h3l-4 5.5h13l-4-5.5h3Z" />
      <path d="M10 15.5V21" />
      <path d="M18.5 3v4M16.5 5h4" />
      <path d="M19.5 12.5v3M18 14h3" />
    </Icon>
  );
}

export function MountainIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 20.5 9.5 7.5l4 7 2.8-4.5 5.2 10.5Z" />
      <path d="m7.7 10.8 1.8 1.7 1.5-1.6" />
    </Icon>
  );
}

export function MaelstromIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 12.5a1.5 1.5 0 1 1 1.5-1.5" />
      <path d="M13.5 11a3.5 3.5 0 1 1-3.5-3.5" />
      <path d="M10 7.5a5.8 5.8 0 1 1-5.5 6.3" />
      <path d="M4.5 13.8A8.2 8.2 0 0 1 12 3" />
    </Icon>
  );
}

export function MarshIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 18c1.5-1 3-1 4.5 0s3 1 4.5 0 3-1 4.5 0 3 1 4.5 0" />
      <path d="M3 21.5c1.5-1 3-1 4.5 0s3 1 4.5 0 3-1 4.5 0 3 1 4.5 0" />
      <path d="M7 15V8" />
      <path d="M7 8c-1.2 0-1.8-1-1.8-2.3S6 3 7 3s1.8 1.4 1.8 2.7S8.2 8 7 8Z" />
      <path d="M15.5 14.5c-1.8 0-3-1.2-3-2.8 0-1.8 1.6-2.6 2.2-4.2 1 .9 1.4 1.6 1.8 2.6.5-.6.8-1.2.9-2 1 1 1.1 2.2 1.1 3.5 0 1.7-1.2 2.9-3 2.9Z" />
    </Icon>
  );
}
