import type { ActionType, MagicType, Zone } from "@manaspire/game";

/**
 * What the shell (top bar, left status panel, town) needs from the game store.
 * `LiveShellProvider` maps the player state onto this shape (`toShellModel`) and provides
 * it through <ShellProvider> (app/shellContext.tsx); `/dev-ui` uses a fixture.
 */

export interface SkillProgress {
  level: number;
  experience: number;
  experienceToLevel: number;
}

/** A gathered resource: amount held, plus level and experience shown in its tooltip. */
export interface ResourceStock extends SkillProgress {
  amount: number;
}

export type SkillKey = "battle" | "mining" | "fishing" | "woodcutting";
export type ResourceKey = "fish" | "wood" | "iron";

export interface BattleStats {
  intellect: number;
  stamina: number;
  spirit: number;
  focus: number;
  mana: number;
  /** The player's magic type; its mastery is shown as e.g. "Fire Mastery". */
  magicType: MagicType;
  mastery: number;
  totalSpellpower: number;
  totalWard: number;
}

export interface QuestState {
  /** Progress of the current quest (battle quest for None/Battle, gather quest otherwise). */
  progress: number;
  required: number;
  /** Quests completed so far (reward is Codex from 1000 on, Bound Codex before). */
  completed: number;
}

export interface ShellModel {
  playerName: string;
  onlineCount: number;
  activeCount: number;
  /** Short event banner text for the status panel, or null when no event runs. */
  eventBanner: string | null;
  actionType: ActionType;
  zone: Zone;
  skills: Record<SkillKey, SkillProgress>;
  actions: number;
  maxActions: number;
  manaDust: number;
  elementalShards: number;
  codex: { tradeable: number; bound: number };
  battleStats: BattleStats;
  resources: Record<ResourceKey, ResourceStock>;
  quest: QuestState;
}

/** Pointer details for completeQuest (the socket message wants them). */
export interface QuestClick {
  x: number;
  y: number;
  pressDurationMs: number;
  touchCapable: boolean;
}

/** Commands the shell and town screen send; the store implements them over the socket. */
export interface ShellActions {
  /** Logo and Actions clicks: ask the server to refresh actions. */
  refreshActions(): void;
  /** Battle/Mining/Fishing/Woodcutting menu entries and gathering zones. */
  setActionType(type: ActionType): void;
  /** Town battle zones; the store applies the keep-or-reset enemy level rule (town/zoneChange.ts). */
  selectZone(zone: Zone): void;
  completeQuest(click: QuestClick): void;
  /** Close the connection, forget the login token and go to the sign-in screen. */
  signOut(): void;
}

export function isQuestComplete(quest: QuestState): boolean {
  return quest.required > 0 && quest.progress >= quest.required;
}
