import { booleanCodec, createLocalValue } from "../../lib/localValue";

/** The dungeon view's toggles (spec 001 "Dungeon view"), kept in this browser. */
export const lockJoystick = createLocalValue("dungeon-lock-joystick", booleanCodec(true));
export const exitWarning = createLocalValue("dungeon-exit-warning", booleanCodec(true));
export const autoRestart = createLocalValue("dungeon-auto-restart", booleanCodec(false));
export const alwaysShowNames = createLocalValue("dungeon-always-show-names", booleanCodec(false));
