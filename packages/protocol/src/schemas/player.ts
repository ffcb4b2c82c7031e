import { type AnyCodec, t } from "../codecs";
import { boostMap, id, lootMap, playerName, timestamp } from "./common";
import { actionType, autoDisenchant, chatRole, element, size, zone } from "./enums";

/** Level and experience of one skill (battle, mining, fishing, woodcutting). */
export const skillProgress = t.record({
  level: t.uint53,
  experience: t.f64,
  experienceToLevel: t.f64,
});

/** Spec 000 section 3 "Preferences", spec 001 "Player preferences". */
export const preferences = t.record({
  autoJoinElementalRift: t.bool,
  autoSiphonRiftOfPower: t.u8,
  autoDisenchant,
  blockEnchants: t.bool,
  autoCollectFarm: t.bool,
});

export const petSkin = t.record({ petType: t.u8, skin: t.u8 });

/** The fields of the full player state, declared once and reused by the partial update. */
export const playerFields = {
  id,
  name: playerName,
  guest: t.bool,
  battle: skillProgress,
  mining: skillProgress,
  fishing: skillProgress,
  woodcutting: skillProgress,
  zone,
  enemy: t.uint53,
  enemyName: t.string(60),
  magicType: element,
  actionType,
  actions: t.uint53,
  maxActions: t.uint53,
  kills: t.uint53,
  deaths: t.uint53,
  battleQuestProgress: t.uint53,
  battleQuestRequired: t.uint53,
  battleQuestCompleted: t.uint53,
  gatherQuestProgress: t.uint53,
  gatherQuestRequired: t.uint53,
  gatherQuestCompleted: t.uint53,
  currentEnemyKills: t.uint53,
  currentEnemyDeaths: t.uint53,
  boosts: boostMap,
  totalBoosts: boostMap,
  loot: lootMap,
  taxes: lootMap,
  referrerRewards: lootMap,
  verified: t.bool,
  totalSpellpower: t.f64,
  totalWard: t.f64,
  sigilBoost: t.f64,
  title: t.string(40),
  titleColor: t.string(9),
  hasQoL: t.bool,
  qolEnd: timestamp,
  preferences,
  dungeonIdleTicks: t.uint53,
  dungeonIdleSize: size,
  dungeonsCompleted: t.uint53,
  dungeonInProgress: t.bool,
  dungeonActivePreset: t.string(30),
  dungeonPresets: t.array(t.string(30), 50),
  unlockedSkins: t.array(petSkin, 1000),
  /** The account's role, as chat lines carry it: 0 player, 1 moderator, 2 admin. */
  role: chatRole,
  /** Boost id of the active sigil (Purpose, Distillation, Vitality, Growth), 0 when none. */
  activeSigil: t.u16,
} as const;

/** Spec 000 section 3 "Player state", sent in full after hydrate. */
export const playerState = t.record(playerFields);

type PartialFields<F extends Readonly<Record<string, AnyCodec>>> = {
  [K in keyof F]: ReturnType<typeof t.optional<ReturnType<F[K]["decode"]>>>;
};

function partialOf<const F extends Readonly<Record<string, AnyCodec>>>(fields: F) {
  const out: Record<string, AnyCodec> = {};
  for (const [key, codec] of Object.entries(fields)) out[key] = t.optional(codec);
  return out as PartialFields<F>;
}

/** Any subset of the player state: what changed since the last message. */
export const playerPatch = t.record(partialOf(playerFields));
