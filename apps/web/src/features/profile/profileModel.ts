/** The profile screen's rules (issue 12), pure. */
import {
  ACTION_TYPE_NAMES,
  type ActionType,
  enemyFor,
  type GuildEffects,
  isMagicElement,
  profileStatGroups,
  SLOT_NAMES,
  type Slot,
  type StatGroup,
  type StatLine,
  sigilLevel,
  zoneById,
} from "@manaspire/game";
import type { Item } from "@manaspire/protocol";
import { formatFull, formatNumber } from "../../lib/numbers";
import type { Profile } from "../../store/slices/rankings";

/** The lookup box's destination: the trimmed name's profile, or one's own for an empty box. */
export function lookupPath(input: string): string {
  const name = input.trim();
  return name === "" ? "/profile" : `/profile/${encodeURIComponent(name)}`;
}

/**
 * The ten stat groups of a profile, by the shared rules (the staff's element included).
 * `guild`: the player's guild's effects when known (one's own profile), which enter the lines.
 */
export function statGroupsOf(profile: Profile, guild?: GuildEffects): StatGroup[] {
  const staff = profile.equipment.find((i) => i.slot === 1 && i.skill === undefined);
  const element = staff?.element;
  return profileStatGroups({
    level: profile.level,
    miningLevel: profile.miningLevel,
    fishingLevel: profile.fishingLevel,
    woodcuttingLevel: profile.woodcuttingLevel,
    magicType: profile.magicType,
    staffElement: element !== undefined && isMagicElement(element) ? element : undefined,
    boosts: profile.boosts,
    totalBoosts: profile.totalBoosts,
    guild,
  });
}

/** A stat line's value as shown. */
export function formatStat(line: StatLine): { text: string; full: string } {
  if (line.format === "percent") {
    const text = `${Math.abs(line.value) >= 10_000 ? formatNumber(line.value) : trim(line.value)}%`;
    return { text, full: `${formatFull(line.value)}%` };
  }
  const value = Math.abs(line.value) < 10_000 ? trim(line.value) : formatNumber(line.value);
  return { text: value, full: formatFull(line.value) };
}

function trim(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString("en") : value.toFixed(2);
}

/** What the mage is doing: "Battle: Worldshaper 120 (Worldshaper's Domain)" or "Mining". */
export function activityOf(profile: Profile): string {
  const action = ACTION_TYPE_NAMES[profile.actionType as ActionType] ?? "Idle";
  if (profile.actionType !== 1) return profile.actionType === 0 ? "Idle" : action;
  const zone = zoneById(profile.zone)?.name ?? "";
  return `Battle: ${enemyFor(profile.zone, profile.enemy).name}${zone ? ` (${zone})` : ""}`;
}

/** The gear slots in display order, each with the item worn there (if any). */
export function equipmentSlots(profile: Profile): Array<{ slot: Slot; name: string; item?: Item }> {
  const order: Slot[] = [1, 5, 2, 6, 4, 3, 7, 8];
  return order.map((slot) => {
    const item = profile.equipment.find((i) => i.slot === slot);
    return item ? { slot, name: SLOT_NAMES[slot], item } : { slot, name: SLOT_NAMES[slot] };
  });
}

/** The sigil level of the profile (event points spent). */
export function profileSigilLevel(profile: Profile): number {
  return sigilLevel(profile.sigilBoost);
}
