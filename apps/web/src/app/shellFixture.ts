import { ActionType, MagicType, Zone } from "@manaspire/game";
import type { ShellModel } from "./shellModel";

/** Development-only sample player used until the socket store exists. */
export const SHELL_FIXTURE: ShellModel = {
  playerName: "Aldric_Ember",
  onlineCount: 1284,
  activeCount: 967,
  eventBanner: "Elemental Rift starts in 12 minutes",
  actionType: ActionType.Battle,
  zone: Zone.SmolderingMarsh,
  skills: {
    battle: { level: 142, experience: 18_450_120, experienceToLevel: 25_300_000 },
    mining: { level: 87, experience: 1_204_330, experienceToLevel: 4_000_000 },
    fishing: { level: 64, experience: 830_200, experienceToLevel: 1_950_000 },
    woodcutting: { level: 71, experience: 120_000, experienceToLevel: 2_600_000 },
  },
  actions: 1742,
  maxActions: 2400,
  manaDust: 48_732_911,
  elementalShards: 12_450,
  codex: { tradeable: 37, bound: 112 },
  battleStats: {
    intellect: 18_240,
    stamina: 15_310,
    spirit: 6_420,
    focus: 3_115,
    mana: 9_870,
    magicType: MagicType.Fire,
    mastery: 2_450,
    totalSpellpower: 1_284_300,
    totalWard: 642_150,
  },
  resources: {
    fish: { amount: 84_213, level: 38, experience: 41_000, experienceToLevel: 78_000 },
    wood: { amount: 126_900, level: 45, experience: 9_200, experienceToLevel: 92_000 },
    iron: { amount: 3_420_118, level: 61, experience: 120_400, experienceToLevel: 130_000 },
  },
  quest: { progress: 50, required: 50, completed: 312 },
};
