import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../db/client";
import { guildRow, guildSummaries, rosterOf, wireGuild } from "../services/guilds/guild-store";
import { zodScope } from "./public-api/openapi";
import { publicRateLimit, type QuotaStore } from "./public-api/rate-limit";
import { errors, GuildDetails, GuildList, GuildParams, GuildQuery } from "./public-api/schemas";

function sameKey(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The key in `Authorization: Bearer <key>`, if the request has that header. */
function givenKey(req: FastifyRequest): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return m?.[1];
}

/**
 * The guilds' public read API (issue 10), in the live game's shape (PascalCase):
 * - `GET /api/guilds[?gameMode=0]`: every guild, most upgrades first:
 *   `[{ID, Name, Level, Members, MaxMembers, TotalUpgrades}]`;
 * - `GET /api/guilds/{id}` with `Authorization: Bearer <key>` (or `?apikey=…`): the guild's details (funds, ranks, upgrades, roster with
 *   contributions) for whoever holds the key its leader made; 401 without the key or with a
 *   wrong one, 404 for an unknown guild. Same rate limit as the other public routes.
 */
export async function guildApiRoutes(
  app: FastifyInstance,
  db: Db,
  quota?: QuotaStore,
): Promise<void> {
  await app.register(async (plain) => {
    await zodScope(plain);
    await publicRateLimit(plain, "guilds", quota);
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.get(
      "/api/guilds",
      {
        schema: {
          tags: ["Guilds"],
          summary: "Every guild",
          description: "Every guild, most upgrades first.",
          response: { 200: GuildList, ...errors(429, 500) },
        },
      },
      async (_req, reply) => {
        const guilds = await guildSummaries(db);
        reply.header("cache-control", "public, max-age=5");
        return guilds.map((g) => ({
          ID: g.id,
          Name: g.name,
          Level: g.level,
          Members: g.members,
          MaxMembers: g.maxMembers,
          TotalUpgrades: g.totalUpgrades,
        }));
      },
    );

    scope.get(
      "/api/guilds/:id",
      {
        schema: {
          tags: ["Guilds"],
          summary: "A guild's details",
          description:
            "A guild's full record with its roster, for tools its members trust. Needs the guild's current key, best sent as `Authorization: Bearer <key>` (the `apikey` query parameter also works but is kept by proxies and logs). 401 without the current key, 404 for an unknown guild.",
          params: GuildParams,
          querystring: GuildQuery,
          security: [{ guildKey: [] }],
          response: { 200: GuildDetails, ...errors(401, 404, 429, 500) },
        },
      },
      async (req, reply) => {
        const notFound = { error: "Guild not found.", code: "not_found" };
        const id = Number(req.params.id);
        if (!/^\d{1,15}$/.test(req.params.id) || !Number.isSafeInteger(id)) {
          return reply.code(404).send(notFound);
        }
        const g = await guildRow(db, id);
        if (!g) return reply.code(404).send(notFound);
        const key = givenKey(req) ?? req.query.apikey ?? "";
        if (!g.apiKey || key === "" || !sameKey(key, g.apiKey)) {
          return reply.code(401).send({
            error: "A valid key for this guild is needed (Authorization: Bearer <key>).",
            code: "unauthorized",
          });
        }
        const wire = await wireGuild(db, id, 0);
        const roster = await rosterOf(db, id, () => undefined);
        if (!wire) return reply.code(404).send(notFound);
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
