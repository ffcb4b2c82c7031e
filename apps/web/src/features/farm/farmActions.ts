import { send, useGameStore } from "../../store/gameStore";
import { pushToast } from "../toasts/toastStore";
import { brewSettings, quickBrewPlan } from "./brewSettings";

/**
 * Quick brew from the shell's potion icon (spec): brews the brewing section's amounts for
 * the potions that fit the current action; with nothing to brew, the toast and /farm.
 */
export function quickBrew(goToFarm: () => void): void {
  const player = useGameStore.getState().player;
  if (!player) return;
  const plan = quickBrewPlan(brewSettings.get(), player.actionType);
  if ("empty" in plan) {
    pushToast(plan.empty);
    goToFarm();
    return;
  }
  for (const e of plan.entries) {
    send("brewPotion", {
      boost: e.boost,
      tier: e.tier,
      amount: e.amount,
      autoConsume: e.autoConsume,
    });
  }
}
