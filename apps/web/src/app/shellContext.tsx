import { createContext, type ReactNode, useContext } from "react";
import type { ShellActions, ShellModel } from "./shellModel";

export interface ShellContextValue {
  /** Null until the first full player state arrives. */
  model: ShellModel | null;
  actions: ShellActions;
}

const noop = () => {};

export const NOOP_SHELL_ACTIONS: ShellActions = {
  refreshActions: noop,
  setActionType: noop,
  selectZone: noop,
  completeQuest: noop,
  signOut: noop,
};

const ShellContext = createContext<ShellContextValue>({ model: null, actions: NOOP_SHELL_ACTIONS });

/** Supplies shell data and actions; the store wiring renders this with live values. */
export function ShellProvider({
  value,
  children,
}: {
  value: ShellContextValue;
  children: ReactNode;
}) {
  return <ShellContext value={value}>{children}</ShellContext>;
}

export function useShell(): ShellContextValue {
  return useContext(ShellContext);
}
