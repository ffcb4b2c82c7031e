import { t } from "../codecs";
import { activityLogEntry } from "./chat";
import { id, lootMap, timestamp } from "./common";
import { actionType, rarity } from "./enums";

/** Experience a skill gained while the player was away, with its levels before and after. */
export const awaySkill = t.record({
  /** Battle (1), mining (2), fishing (3) or woodcutting (4). */
  skill: actionType,
  experience: t.f64,
  levelBefore: t.u32,
  levelAfter: t.u32,
});

/** An item found while away (the best ones are listed). */
export const awayItem = t.record({ id, name: t.string(100), level: t.uint53, rarity });

/**
 * "While you were away": what the mage did between the player's last socket closing and this
 * connection, computed by the server from the saved state and the activity log.
 */
export const awaySummary = t.record({
  since: timestamp,
  until: timestamp,
  actions: t.uint53,
  battlesWon: t.uint53,
  battlesLost: t.uint53,
  skills: t.array(awaySkill, 4),
  /** Net change of every currency and material (negative: spent or sold). */
  loot: lootMap,
  /** The best items found (rarity, then level), at most 10; `itemsFound` counts them all. */
  items: t.array(awayItem, 10),
  itemsFound: t.u32,
  /** Market and transfer entries of the activity log, newest first; `eventsTotal` counts all. */
  events: t.array(activityLogEntry, 30),
  eventsTotal: t.u32,
  /** Whispers received, newest first; `whispersTotal` counts all. */
  whispers: t.array(activityLogEntry, 20),
  whispersTotal: t.u32,
});
