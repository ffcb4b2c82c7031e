import { z } from "zod";

/**
 * The public read API's parameters and answers, declared once (issue 28). The routes use them
 * as their Fastify `schema`; `@fastify/swagger` turns them into `/api/openapi.json`, the
 * `/developers` page renders that document, and `packages/api-client` is typed from it.
 */

/** Every 4xx and 5xx answer of the HTTP API. */
export const ApiError = z
  .object({
    error: z.string().describe("What went wrong, for a person."),
    code: z
      .string()
      .describe(
        "Stable, for programs: bad_request, unauthorized, forbidden, not_found, method_not_allowed, payload_too_large, unsupported_media_type, rate_limited, internal, unavailable.",
      ),
  })
  .meta({ id: "ApiError" });

const idMap = (what: string) =>
  z.record(z.string().regex(/^\d+$/), z.number()).describe(`${what}, by id.`);

export const MarketBest = z
  .object({
    Buy: idMap("The highest buy order's unit price of each item with one"),
    Sell: idMap("The lowest sell order's unit price of each item with one"),
  })
  .meta({ id: "MarketBest" });

export const Candle = z
  .object({
    start: z.number().int().describe("Start of the hour or day, in ms since the epoch."),
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    volume: z.number().describe("Units traded."),
  })
  .meta({ id: "Candle" });

export const MarketHistory = z
  .object({
    lootId: z.number().int(),
    interval: z.enum(["hour", "day"]),
    candles: z.array(Candle).describe("Oldest first: a week of hours or a month of days."),
  })
  .meta({ id: "MarketHistory" });

export const MarketHistoryParams = z.object({
  lootId: z.string().describe("The item's loot id."),
});
export const MarketHistoryQuery = z.object({
  interval: z.enum(["hour", "day"]).default("hour").optional(),
});

export const ProfileItem = z
  .object({
    ID: z.number().int(),
    Name: z.string(),
    Level: z.number().int(),
    Rarity: z.number().int(),
    Slot: z.number().int(),
    Boosts: idMap("Boost values"),
    Infusions: z.number().int(),
    Quality: z.number().describe("0..1: where the rolls lie in their ranges."),
    Element: z.number().int().optional(),
    Skill: z.number().int().optional(),
  })
  .meta({ id: "ProfileItem" });

export const Profile = z
  .object({
    ID: z.number().int(),
    Name: z.string(),
    Title: z.string(),
    TitleColor: z.string(),
    Banned: z.boolean(),
    ProfileText: z.string(),
    GuildID: z.number().int().describe("0 without a guild."),
    GuildName: z.string(),
    ActionType: z.number().int(),
    Level: z.number().int(),
    Zone: z.number().int(),
    Enemy: z.number().int(),
    MiningLevel: z.number().int(),
    FishingLevel: z.number().int(),
    WoodcuttingLevel: z.number().int(),
    PetLevels: z.number().int(),
    ActivePets: z.array(z.number().int()),
    Equipment: z.array(ProfileItem),
    SigilBoost: z.number(),
    EventPoints: z.number(),
    Kills: z.number().int(),
    Deaths: z.number().int(),
    BattleQuestCompleted: z.number().int(),
    GatherActions: z.number().int(),
    GatherQuestCompleted: z.number().int(),
    EventActions: z.number().int(),
    PotionsBrewed: z.number().int().describe("Potions the player has brewed in all."),
    Boosts: idMap("Boost values"),
    TotalBoosts: idMap("Boost values with every source"),
    NexusCrystal: z.number().int(),
  })
  .meta({ id: "Profile" });

export const PlayerParams = z.object({
  player: z.string().describe("A player's id or name."),
});

export const LeaderboardPage = z
  .object({
    Type: z.string(),
    Rank: z.array(
      z.object({
        Rank: z.number().int().describe("Equal scores share a rank."),
        Name: z.string(),
        Score: z.number(),
        Banned: z.boolean(),
      }),
    ),
    CurrentPage: z.number().int(),
    TotalPages: z.number().int(),
  })
  .meta({ id: "LeaderboardPage" });

export const LeaderboardParams = z.object({
  type: z.string().describe("One of the board types (see the description)."),
});
export const LeaderboardQuery = z.object({
  page: z.string().optional().describe("1 to TotalPages; 1 when left out."),
  guild: z.string().optional().describe("A guild id: only that guild's members."),
});

export const LeaderboardSearch = z
  .object({
    Type: z.string(),
    Names: z
      .array(z.string())
      .describe(
        "At most 10 names on the board that begin with the searched text, ignoring case, in name order (an exact name first).",
      ),
  })
  .meta({ id: "LeaderboardSearch" });

export const LeaderboardSearchQuery = z.object({
  name: z
    .string()
    .describe("The start of a name: 1 to 20 letters and underscores, any case (`_` is literal)."),
});

export const GuildListEntry = z
  .object({
    ID: z.number().int(),
    Name: z.string(),
    Level: z.number().int(),
    Members: z.number().int(),
    MaxMembers: z.number().int(),
    TotalUpgrades: z.number().int(),
  })
  .meta({ id: "GuildListEntry" });
export const GuildList = z.array(GuildListEntry).meta({ id: "GuildList" });

export const GuildDetails = z
  .object({
    ID: z.number().int(),
    Name: z.string(),
    Description: z.string(),
    InternalDescription: z.string(),
    MOTD: z.string(),
    Level: z.number().int(),
    Experience: z.number(),
    ExperienceToLevel: z.number(),
    DungeonLevel: z.number().int(),
    Upgrades: idMap("Upgrade levels"),
    NextUpgrade: z.number().int().describe("0 when none is marked."),
    Funds: idMap("Amounts of each currency or loot"),
    Ranks: z.record(
      z.string(),
      z.object({ Name: z.string(), Permission: z.number().int(), Tax: idMap("Tax percents") }),
    ),
    Owner: z.number().int(),
    OwnerName: z.string(),
    Members: z.number().int(),
    MaxMembers: z.number().int(),
    TotalUpgrades: z.number().int(),
    Roster: z.array(
      z.object({
        ID: z.number().int(),
        Name: z.string(),
        Rank: z.number().int(),
        RankName: z.string(),
        Level: z.number().int(),
        MiningLevel: z.number().int(),
        FishingLevel: z.number().int(),
        WoodcuttingLevel: z.number().int(),
        ActionType: z.number().int(),
        LastActive: z.number().describe("ms since the epoch."),
        Contributions: idMap("What the member gave"),
        Banned: z.boolean(),
      }),
    ),
  })
  .meta({ id: "GuildDetails" });

export const GuildParams = z.object({ id: z.string().describe("The guild's id.") });
export const GuildQuery = z.object({
  apikey: z
    .string()
    .optional()
    .describe("The guild's key. Prefer the header `Authorization: Bearer <key>`."),
});

/** The error answers a route may give, each with the one error shape. */
export function errors<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof ApiError } {
  return Object.fromEntries(statuses.map((s) => [s, ApiError])) as {
    [K in S[number]]: typeof ApiError;
  };
}
