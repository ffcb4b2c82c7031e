import { create } from "zustand";

interface AnchorRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The one open player-name menu and the ignore confirmation. Kept outside the name buttons so
 * they survive the button leaving the screen (chat lines are virtualised).
 */
interface PlayerMenuState {
  menu: { seq: number; name: string; anchor: AnchorRect; trigger: HTMLElement | null } | null;
  confirmIgnore: string | null;
}

export const usePlayerMenu = create<PlayerMenuState>()(() => ({ menu: null, confirmIgnore: null }));

let seq = 0;

export function openPlayerMenu(name: string, trigger: HTMLElement): void {
  const rect = trigger.getBoundingClientRect();
  seq += 1;
  usePlayerMenu.setState({
    menu: {
      seq,
      name,
      trigger,
      anchor: { left: rect.left, top: rect.top, width: rect.width, height: rect.height },
    },
  });
}

export function closePlayerMenu(): void {
  if (usePlayerMenu.getState().menu) usePlayerMenu.setState({ menu: null });
}

export function askIgnore(name: string): void {
  usePlayerMenu.setState({ menu: null, confirmIgnore: name });
}

export function closeIgnore(): void {
  usePlayerMenu.setState({ confirmIgnore: null });
}
