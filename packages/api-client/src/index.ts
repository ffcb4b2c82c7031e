import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, paths } from "./schema";

export type { components, paths };

type Schemas = components["schemas"];
export type ApiError = Schemas["ApiError"];
export type MarketBest = Schemas["MarketBest"];
export type MarketHistory = Schemas["MarketHistory"];
export type Candle = Schemas["Candle"];
export type Profile = Schemas["Profile"];
export type LeaderboardPage = Schemas["LeaderboardPage"];
export type GuildListEntry = Schemas["GuildListEntry"];
export type GuildDetails = Schemas["GuildDetails"];

export interface ManaspireClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** A guild's key, sent as `Authorization: Bearer <key>` (for the guild details route). */
  guildKey?: string;
}

/**
 * A typed client of a Manaspire server's public read API (its paths, parameters and answers
 * come from the server's OpenAPI document, `openapi.json` beside this package):
 *
 * ```ts
 * const api = manaspireClient("https://manaspire.example");
 * const { data, error } = await api.GET("/api/market/{lootId}/history", {
 *   params: { path: { lootId: "10" }, query: { interval: "day" } },
 * });
 * ```
 * `error` is the API's one error shape `{ error, code }`.
 */
export function manaspireClient(
  baseUrl: string,
  options: ManaspireClientOptions = {},
): Client<paths> {
  const { guildKey, headers, ...rest } = options;
  return createClient<paths>({
    ...rest,
    baseUrl: baseUrl.replace(/\/+$/, ""),
    headers: {
      ...(headers as Record<string, string> | undefined),
      ...(guildKey ? { authorization: `Bearer ${guildKey}` } : {}),
    },
  });
}
