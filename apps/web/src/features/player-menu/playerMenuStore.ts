import { create } from "zustand";

interface AnchorRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The one open player-name menu, the ignore confirmation and the mute dialog. Kept outside
 * the name buttons so they survive the button leaving the screen (chat lines are virtualised).
 */
interface PlayerMenuState {
  menu: {
    seq: number;
    name: string;
    /** The named player's role, when the name came with one (a chat line's sender). */
    role: number | undefined;
    anchor: AnchorRect;
    trigger: HTMLElement | null;
  } | null;
  confirmIgnore: string | null;
  /** The player a moderator is choosing a mute length for. */
  muteName: string | null;
}

export const usePlayerMenu = create<PlayerMenuState>()(() => ({
  menu: null,
  confirmIgnore: null,
  muteName: null,
}));

let seq = 0;

export function openPlayerMenu(name: string, trigger: HTMLElement, role?: number): void {
  const rect = trigger.getBoundingClientRect();
  seq += 1;
  usePlayerMenu.setState({
    menu: {
      seq,
      name,
      role,
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

export function askMute(name: string): void {
  usePlayerMenu.setState({ menu: null, muteName: name });
}

export function closeMute(): void {
  usePlayerMenu.setState({ muteName: null });
}
