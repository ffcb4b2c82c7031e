import { ActionType } from "@manaspire/game";

const ACTION_NAMES: Record<number, string> = {
  [ActionType.None]: "Battle",
  [ActionType.Battle]: "Battle",
  [ActionType.Mining]: "Mining",
  [ActionType.Fishing]: "Fishing",
  [ActionType.Woodcutting]: "Woodcutting",
};

/**
 * The main view's document title: what the mage does and the actions left ("Battle · 1,234
 * actions left"), or "Out of actions", so a background tab says when it needs a refresh.
 */
export function mainViewTitle(actionType: number, actions: number): string {
  if (actions <= 0) return "Out of actions";
  const name = ACTION_NAMES[actionType] ?? "Battle";
  const left = actions === 1 ? "1 action left" : `${actions.toLocaleString("en-US")} actions left`;
  return `${name} · ${left}`;
}
