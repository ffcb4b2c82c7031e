/**
 * The ten stat groups of a profile (spec 001 section 3: Base Stats, Elemental Mastery,
 * Enchanting Skills, Gathering Boosts, Spells, Combat Skills, Codex Boosts, Other Equipment
 * Boosts, Farm, Dungeons), computed from the profile's boosts with the same rules the battle and
 * gathering use, so a profile shows what the player really fights and gathers with.
 */
import { maxActions } from "../actions";
import { boostValue } from "../boosts";
import { ActionType, type Element, type GatherActionType, isMagicElement } from "../enums";
import { expectedResourceAmount } from "../gathering";
import { type GuildEffects, guildMaxActionsPercent, NO_GUILD_EFFECTS } from "../guilds";
import { resistancePercent } from "../items/equipment";
import { questRequired } from "../quests";
import { deriveCombatStats } from "../stats";

export type StatGroupTitle =
  | "Base Stats"
  | "Elemental Mastery"
  | "Enchanting Skills"
  | "Gathering Boosts"
  | "Spells"
  | "Combat Skills"
  | "Codex Boosts"
  | "Other Equipment Boosts"
  | "Farm"
  | "Dungeons";

/** Display order of the groups. */
export const STAT_GROUP_TITLES: readonly StatGroupTitle[] = [
  "Base Stats",
  "Elemental Mastery",
  "Enchanting Skills",
  "Gathering Boosts",
  "Spells",
  "Combat Skills",
  "Codex Boosts",
  "Other Equipment Boosts",
  "Farm",
  "Dungeons",
];

/**
 * One line of a group. `percent`: the value is a percentage (12.5 reads "12.5%"); `number`: a
 * plain amount.
 */
export interface StatLine {
  readonly label: string;
  readonly value: number;
  readonly format: "number" | "percent";
}

export interface StatGroup {
  readonly title: StatGroupTitle;
  readonly lines: readonly StatLine[];
}

/** What the groups are computed from: a profile's public fields. */
export interface ProfileStatsInput {
  /** Battle level. */
  readonly level: number;
  readonly miningLevel: number;
  readonly fishingLevel: number;
  readonly woodcuttingLevel: number;
  readonly magicType: number;
  /** Element of the equipped staff, if any (+10% damage on a match). */
  readonly staffElement?: Element | undefined;
  /** Own boosts: research levels, enchanting skills, stat drops. */
  readonly boosts: Readonly<Record<number, number>>;
  /** Totals: own boosts (without enchanting skills), equipment and the active sigil. */
  readonly totalBoosts: Readonly<Record<number, number>>;
  /**
   * The guild's effects on the player (upgrades and level), when known: they enter the derived
   * lines (spell cost, max actions, resources per action) and have lines of their own.
   */
  readonly guild?: Readonly<GuildEffects> | undefined;
}

const num = (label: string, value: number): StatLine => ({ label, value, format: "number" });
const pct = (label: string, value: number): StatLine => ({ label, value, format: "percent" });

/** The ten groups, in display order. Lines with nothing to say (0) are kept: a profile compares. */
export function profileStatGroups(input: ProfileStatsInput): StatGroup[] {
  const own = (id: number) => boostValue(input.boosts, id);
  const total = (id: number) => boostValue(input.totalBoosts, id);
  const magic = isMagicElement(input.magicType) ? input.magicType : 1;
  const guild = input.guild ?? NO_GUILD_EFFECTS;
  const stats = deriveCombatStats({
    level: input.level,
    boosts: input.totalBoosts,
    magicType: magic,
    ...(input.staffElement !== undefined ? { staffElement: input.staffElement } : {}),
    spellCostFactor: guild.spellCost,
  });
  // The guild's own lines show only when the guild's effects are known (the own profile).
  const guildLine = (label: string, value: number): StatLine[] =>
    input.guild ? [pct(label, value)] : [];
  const gather = (action: GatherActionType, level: number) =>
    expectedResourceAmount(action, level, input.totalBoosts, guild.dropBoost);

  return [
    {
      title: "Base Stats",
      lines: [
        num("Intellect", stats.intellect),
        num("Stamina", stats.stamina),
        num("Focus", stats.focus),
        num("Spirit", stats.spirit),
        num("Mana", stats.mana),
        num("Total Spellpower", stats.totalSpellpower),
        num("Total Ward", stats.totalWard),
        num("Max Health", stats.maxHealth),
        num("Max Mana", stats.maxMana),
      ],
    },
    {
      title: "Elemental Mastery",
      lines: [
        pct("Fire Mastery", total(10)),
        pct("Water Mastery", total(11)),
        pct("Nature Mastery", total(12)),
        pct("Inferno", total(80)),
        pct("Tidal Wrath", total(81)),
        pct("Wildheart", total(82)),
        pct("Fire Resistance", 100 * resistancePercent(total(83))),
        pct("Water Resistance", 100 * resistancePercent(total(84))),
        pct("Nature Resistance", 100 * resistancePercent(total(85))),
      ],
    },
    {
      title: "Enchanting Skills",
      lines: [
        num("Inferno", own(60)),
        num("Tidal Wrath", own(61)),
        num("Wildheart", own(62)),
        num("Fire Resistance", own(63)),
        num("Water Resistance", own(64)),
        num("Nature Resistance", own(65)),
        num("Insight", own(66)),
        num("Bountiful Harvest", own(67)),
        num("Prosperity", own(68)),
        num("Fortune", own(69)),
        num("Growth", own(70)),
        num("Vitality", own(71)),
      ],
    },
    {
      title: "Gathering Boosts",
      lines: [
        pct("Mining", total(30)),
        pct("Fishing", total(31)),
        pct("Woodcutting", total(32)),
        pct("Mining Experience", total(33)),
        pct("Fishing Experience", total(34)),
        pct("Woodcutting Experience", total(35)),
        num("Base Resource Amount", total(124)),
        num("Iron per Action", gather(ActionType.Mining, input.miningLevel)),
        num("Fish per Action", gather(ActionType.Fishing, input.fishingLevel)),
        num("Wood per Action", gather(ActionType.Woodcutting, input.woodcuttingLevel)),
      ],
    },
    {
      title: "Spells",
      lines: [
        num("Fire Spell Rank", total(21)),
        num("Water Spell Rank", total(22)),
        num("Nature Spell Rank", total(23)),
        num("Mana Shield Rank", total(24)),
        num("Mana Shield", stats.manaShield),
        num("Spell Cost", stats.spellCost),
        num("Mana Regeneration", stats.manaRegen),
        pct("Fire Tome Drop Amount", total(25)),
        pct("Water Tome Drop Amount", total(26)),
        pct("Nature Tome Drop Amount", total(27)),
        ...guildLine("Guild Spell Cost (Mana Conduit)", 100 * (guild.spellCost - 1)),
      ],
    },
    {
      title: "Combat Skills",
      lines: [
        pct("Damage", total(40)),
        pct("Multicast", 100 * stats.multicast),
        pct("Crit Chance", 100 * stats.critChance),
        pct("Crit Damage", 100 * stats.critDamage),
        pct("Haste", 100 * stats.haste),
        pct("Health", total(45)),
        pct("Ward", total(46)),
        pct("Focus", total(47)),
        pct("Mana", total(48)),
        pct("Overload", total(49)),
        pct("Time Dilation", 100 * stats.timeDilation),
      ],
    },
    {
      title: "Codex Boosts",
      lines: [
        pct("Base Experience", own(100)),
        pct("Base Mana Dust", own(101)),
        pct("Drop Boost", own(102)),
        pct("Multistat", own(103)),
        num("Max Actions", maxActions(input.totalBoosts, guildMaxActionsPercent(guild))),
        num("Base Resource", own(106)),
        pct("Quest Boost", own(107)),
        num("Battle Quest Length", questRequired("battle", input.totalBoosts)),
        pct("Potion Boost", own(108)),
        ...guildLine("Guild Base Experience (Study)", 100 * guild.baseXp),
        ...guildLine("Guild Max Actions (Sleeping Quarters)", 100 * guild.maxActions),
      ],
    },
    {
      title: "Other Equipment Boosts",
      lines: [
        pct("Battle Experience", total(120)),
        pct("Mana Dust", total(121)),
        pct("Elemental Shards", total(122)),
        pct("Stat Drop", total(123)),
        pct("Insight (experience)", 2 * total(66)),
        pct("Bountiful Harvest (resources)", 2 * total(67)),
        pct("Prosperity (mana dust)", 2 * total(68)),
        pct("Fortune (rare drops)", 2 * total(69)),
        pct("Growth (multistat)", 2 * total(70)),
        pct("Vitality (health)", total(86)),
        ...guildLine("Guild Elemental Shards (Nexus Crystal)", 100 * guild.shardBoost),
        ...guildLine("Guild Level (resources, orbs, formulas, elementium)", 100 * guild.dropBoost),
      ],
    },
    {
      title: "Farm",
      lines: [
        pct("Harvest Golem", total(130)),
        pct("Fertilizer", total(131)),
        pct("Plots", total(132)),
        num("Potion Belt", total(133)),
      ],
    },
    {
      title: "Dungeons",
      lines: [
        num("Dungeons Unlocked", total(140)),
        num("Idle Speed", total(141)),
        num("Queue", total(142)),
        num("Swiftness", total(143)),
        num("Perception", total(144)),
        pct("Treasure", total(145)),
        num("Auto Loot", total(146)),
      ],
    },
  ];
}
