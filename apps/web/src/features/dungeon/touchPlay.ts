import { type RefObject, useLayoutEffect } from "react";
import { useMediaQuery } from "../../lib/useMediaQuery";

/**
 * Where the dungeon shows its joystick and Interact button: touch screens, and windows too
 * narrow for the keyboard help to be the likely way in.
 */
export const TOUCH_PLAY_QUERY = "(pointer: coarse), (max-width: 640px)";

/** Whether the dungeon is played by touch here (the joystick and Interact are shown). */
export function useTouchPlay(): boolean {
  return useMediaQuery(TOUCH_PLAY_QUERY);
}

/** How to move and interact, for the way the dungeon is played here. */
export function moveHelp(touch: boolean): string {
  return touch
    ? "Drag the joystick or tap a neighbouring cell to move; tap Interact or your own cell to open a chest or leave."
    : "Arrow keys or W/A/S/D to move, E or Space to open a chest or leave.";
}

/**
 * On a touch screen, brings the dungeon's top (its title, then the map and the controls) to the
 * top of the shell's scrolling area when the map first shows: on a phone the status panel sits
 * above the page, and a screen reached from a scrolled hub keeps the hub's scroll, so the
 * joystick and Interact were under the chat bar until the player scrolled (issue 31).
 * `active`: played by touch and the map is on screen. Before paint, so the player never sees
 * the other position.
 */
export function useBringIntoReach(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: "start", inline: "nearest" });
  }, [ref, active]);
}
