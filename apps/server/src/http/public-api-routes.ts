import { BOARDS, boardByKey } from "@manaspire/game";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Leaderboards } from "../services/leaderboards/leaderboard-service";
import { NAME_PREFIX } from "../services/leaderboards/name-search";
import type { ProfileReader, WireProfile } from "../services/profile/profile-reader";
import { GameError } from "../socket/handlers";
import { zodScope } from "./public-api/openapi";
import { PUBLIC_API_PER_MINUTE, publicRateLimit, type QuotaStore } from "./public-api/rate-limit";
import {
  errors,
  LeaderboardPage,
  LeaderboardParams,
  LeaderboardQuery,
  LeaderboardSearch,
  LeaderboardSearchQuery,
  PlayerParams,
  Profile,
} from "./public-api/schemas";

/**
 * The public API's version in its OpenAPI document (1.1.0 added the board search; a breaking
 * change makes it 2.0.0).
 */
export const PUBLIC_API_VERSION = "1.1.0";

/** Answers are cached this long, in this process and by clients. */
export const PUBLIC_API_CACHE_MS = 5000;
/** Cached answers kept at most (the oldest go first). */
const CACHE_ENTRIES = 2000;

/** A small time-limited cache of JSON answers. */
class AnswerCache {
  private readonly entries = new Map<string, { at: number; body: unknown }>();

  async get(key: string, make: () => Promise<unknown>): Promise<unknown> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < PUBLIC_API_CACHE_MS) return hit.body;
    const body = await make();
    this.entries.delete(key);
    this.entries.set(key, { at: Date.now(), body });
    if (this.entries.size > CACHE_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return body;
  }
}

/** A profile in the live game's public shape (PascalCase, spec 001 section 3 "Profile"). */
export function apiProfile(p: WireProfile) {
  return {
    ID: p.id,
    Name: p.name,
    Title: p.title,
    TitleColor: p.titleColor,
    Banned: p.banned,
    ProfileText: p.profileText,
    GuildID: p.guildId ?? 0,
    GuildName: p.guildName ?? "",
    ActionType: p.actionType,
    Level: p.level,
    Zone: p.zone,
    Enemy: p.enemy,
    MiningLevel: p.miningLevel,
    FishingLevel: p.fishingLevel,
    WoodcuttingLevel: p.woodcuttingLevel,
    PetLevels: p.petLevels,
    ActivePets: p.activePets,
    Equipment: p.equipment.map((i) => ({
      ID: i.id,
      Name: i.name,
      Level: i.level,
      Rarity: i.rarity,
      Slot: i.slot,
      Boosts: i.boosts,
      Infusions: i.infusions,
      Quality: i.quality,
      ...(i.element !== undefined ? { Element: i.element } : {}),
      ...(i.skill !== undefined ? { Skill: i.skill } : {}),
    })),
    SigilBoost: p.sigilBoost,
    EventPoints: p.eventPoints,
    Kills: p.kills,
    Deaths: p.deaths,
    BattleQuestCompleted: p.battleQuestCompleted,
    GatherActions: p.gatherActions,
    GatherQuestCompleted: p.gatherQuestCompleted,
    EventActions: p.eventActions,
    PotionsBrewed: p.potionsBrewed,
    Boosts: p.boosts,
    TotalBoosts: p.totalBoosts,
    NexusCrystal: p.nexusCrystal,
  };
}

/**
 * The public read API for the community's tools (issue 12), in the live game's shapes:
 * - `GET /api/players/{id|name}`: a profile (404 when nobody has that id or name);
 * - `GET /api/leaderboards/{type}?page=1[&guild={id}]`: `{Type, Rank: [{Rank, Name, Score,
 *   Banned}], CurrentPage, TotalPages}` (404 for an unknown type, 400 for a page outside
 *   1..TotalPages or a bad guild id);
 * - `GET /api/leaderboards/{type}/search?name=bo`: `{Type, Names}`, at most 10 names on the board
 *   that begin with `name`, ignoring case (Rankings' Find a player; 400 for a `name` that is
 *   not 1-20 letters and underscores).
 * Cached {@link PUBLIC_API_CACHE_MS} ms, limited to {@link PUBLIC_API_PER_MINUTE} requests a minute
 * per address (429 beyond).
 */
export async function publicApiRoutes(
  app: FastifyInstance,
  deps: { leaderboards: Leaderboards; profiles: ProfileReader; quota?: QuotaStore },
): Promise<void> {
  const cache = new AnswerCache();
  const maxAge = `public, max-age=${PUBLIC_API_CACHE_MS / 1000}`;
  await app.register(async (plain) => {
    await zodScope(plain);
    await publicRateLimit(plain, "players", deps.quota);
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.get(
      "/api/players/:player",
      {
        schema: {
          tags: ["Players"],
          summary: "A player's profile",
          description:
            "A player's public profile, as the game's profile page shows it. 404 for nobody.",
          params: PlayerParams,
          response: { 200: Profile, ...errors(404, 429, 500) },
        },
      },
      async (req, reply) => {
        const wanted = req.params.player.trim();
        const body = await cache.get(`player:${wanted.toLowerCase()}`, async () => {
          const profile = /^\d{1,15}$/.test(wanted)
            ? await deps.profiles.byId(Number(wanted))
            : await deps.profiles.byName(wanted);
          return profile ? apiProfile(profile) : null;
        });
        if (body === null) {
          return reply.code(404).send({ error: "Player not found.", code: "not_found" });
        }
        reply.header("cache-control", maxAge);
        return body as z.infer<typeof Profile>;
      },
    );

    scope.get(
      "/api/leaderboards/:type",
      {
        schema: {
          tags: ["Leaderboards"],
          summary: "A leaderboard page",
          description: `One page of 20 rows of a board (equal scores share a rank), the whole world or one guild's members with \`guild\`. 404 for an unknown type, 400 for a page outside 1 to TotalPages or a bad guild id. Types: ${BOARDS.map((b) => b.key).join(", ")}.`,
          params: LeaderboardParams,
          querystring: LeaderboardQuery,
          response: { 200: LeaderboardPage, ...errors(400, 404, 429, 500) },
        },
      },
      async (req, reply) => {
        const board = boardByKey(req.params.type);
        if (!board) {
          return reply
            .code(404)
            .send({ error: "There is no such leaderboard.", code: "not_found" });
        }
        const page = req.query.page === undefined ? 1 : Number(req.query.page);
        const guild = req.query.guild === undefined ? undefined : Number(req.query.guild);
        if (guild !== undefined && !(Number.isSafeInteger(guild) && guild > 0)) {
          return reply.code(400).send({ error: "guild must be a guild id.", code: "bad_request" });
        }
        try {
          const body = await cache.get(`board:${board.key}:${page}:${guild ?? ""}`, async () => {
            const p = await deps.leaderboards.page(board, { page, guildId: guild });
            return {
              Type: p.type,
              Rank: p.rows.map((r) => ({
                Rank: r.rank,
                Name: r.name,
                Score: r.score,
                Banned: r.banned,
              })),
              CurrentPage: p.currentPage,
              TotalPages: p.totalPages,
            };
          });
          reply.header("cache-control", maxAge);
          return body as z.infer<typeof LeaderboardPage>;
        } catch (err) {
          if (err instanceof GameError) {
            return reply.code(400).send({ error: err.message, code: "bad_request" });
          }
          throw err;
        }
      },
    );

    scope.get(
      "/api/leaderboards/:type/search",
      {
        schema: {
          tags: ["Leaderboards"],
          summary: "Players on a board by the start of their name",
          description:
            "At most 10 names on the board that begin with `name`, ignoring case, in name order (an exact name first; `_` is a literal underscore). 404 for an unknown type, 400 for a `name` that is not 1 to 20 letters and underscores.",
          params: LeaderboardParams,
          querystring: LeaderboardSearchQuery,
          response: { 200: LeaderboardSearch, ...errors(400, 404, 429, 500) },
        },
      },
      async (req, reply) => {
        const board = boardByKey(req.params.type);
        if (!board) {
          return reply
            .code(404)
            .send({ error: "There is no such leaderboard.", code: "not_found" });
        }
        const name = req.query.name.trim();
        if (!NAME_PREFIX.test(name)) {
          return reply.code(400).send({
            error: "Enter the start of a player's name: letters and underscores.",
            code: "bad_request",
          });
        }
        const body = await cache.get(`search:${board.key}:${name.toLowerCase()}`, async () => ({
          Type: board.key,
          Names: await deps.leaderboards.namesStartingWith(board, name),
        }));
        reply.header("cache-control", maxAge);
        return body as z.infer<typeof LeaderboardSearch>;
      },
    );
  });
}
