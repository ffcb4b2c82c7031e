import { timingSafeEqual } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import { GUILD_XP_BASE, guildMaxMembers, levelFromExperience } from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { guildRow, rosterOf, wireGuild } from "../services/guilds/guild-store";
import { resultRows } from "../world/player-writes";
import { PUBLIC_API_PER_MINUTE } from "./public-api-routes";
import type { HttpLimits } from "./shared-limits";

function sameKey(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The guilds' public read API (issue 10), in the live game's shape (PascalCase):
 * - `GET /api/guilds[?gameMode=0]`: every guild, most upgrades first:
 *   `[{ID, Name, Level, Members, MaxMembers, TotalUpgrades}]`;
 * - `GET /api/guilds/{id}?apikey=…`: the guild's details (funds, ranks, upgrades, roster with
 *   contributions) for whoever holds the key its leader made; 401 without the key or with a
 *   wrong one, 404 for an unknown guild. Same rate limit as the other public routes.
 */
export async function guildApiRoutes(
  app: FastifyInstance,
  db: Db,
  limits: HttpLimits,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      max: PUBLIC_API_PER_MINUTE,
      ...limits.store("guild-api"),
      timeWindow: 60_000,
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        error: `Too many requests; wait ${Math.ceil(context.ttl / 1000)} s and try again.`,
      }),
    });

    scope.get("/api/guilds", async (_req, reply) => {
      const rows = resultRows<{
        id: string | number;
        name: string;
        upgrades: unknown;
        total_upgrades: number;
        experience: number;
        members: string | number;
      }>(
        await db.execute(sql`
          select g.id, g.name, g.upgrades, g.total_upgrades, g.experience,
            (select count(*) from guild_members m where m.guild_id = g.id) as members
          from guilds g order by g.total_upgrades desc, lower(g.name), g.id`),
      );
      reply.header("cache-control", "public, max-age=5");
      return rows.map((r) => {
        const upgrades = typeof r.upgrades === "string" ? JSON.parse(r.upgrades) : r.upgrades;
        return {
          ID: Number(r.id),
          Name: r.name,
          Level: levelFromExperience(GUILD_XP_BASE, Number(r.experience)),
          Members: Number(r.members),
          MaxMembers: guildMaxMembers(upgrades ?? {}),
          TotalUpgrades: Number(r.total_upgrades),
        };
      });
    });

    scope.get<{ Params: { id: string }; Querystring: { apikey?: string } }>(
      "/api/guilds/:id",
      async (req, reply) => {
        const id = Number(req.params.id);
        if (!/^\d{1,15}$/.test(req.params.id) || !Number.isSafeInteger(id)) {
          return reply.code(404).send({ error: "Guild not found." });
        }
        const g = await guildRow(db, id);
        if (!g) return reply.code(404).send({ error: "Guild not found." });
        const key = req.query.apikey ?? "";
        if (!g.apiKey || key === "" || !sameKey(key, g.apiKey)) {
          return reply.code(401).send({ error: "A valid apikey for this guild is needed." });
        }
        const wire = await wireGuild(db, id, 0);
        const roster = await rosterOf(db, id, () => undefined);
        if (!wire) return reply.code(404).send({ error: "Guild not found." });
        reply.header("cache-control", "private, no-store");
        return {
          ID: wire.id,
          Name: wire.name,
          Description: wire.description,
          InternalDescription: wire.internalDescription,
          MOTD: wire.motd,
          Level: wire.level,
          Experience: wire.experience,
          ExperienceToLevel: wire.experienceToLevel,
          DungeonLevel: wire.dungeonLevel,
          Upgrades: wire.upgrades,
          NextUpgrade: wire.nextUpgrade ?? 0,
          Funds: wire.funds,
          Ranks: Object.fromEntries(
            wire.ranks.map((r) => [r.id, { Name: r.name, Permission: r.permission, Tax: r.tax }]),
          ),
          Owner: wire.ownerId,
          OwnerName: wire.ownerName,
          Members: wire.members,
          MaxMembers: wire.maxMembers,
          TotalUpgrades: wire.totalUpgrades,
          Roster: roster.map((m) => ({
            ID: m.id,
            Name: m.name,
            Rank: m.rankId,
            RankName: m.rank,
            Level: m.level,
            MiningLevel: m.miningLevel,
            FishingLevel: m.fishingLevel,
            WoodcuttingLevel: m.woodcuttingLevel,
            ActionType: m.actionType,
            LastActive: m.lastFatigue,
            Contributions: m.contributions,
            Banned: m.banned,
          })),
        };
      },
    );
  });
}
