import { LootId, MarketSide } from "@manaspire/game";
import { Validator } from "@seriousme/openapi-schema-validator";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/http/public-api/openapi";
import { foundGuild, joinGuild } from "../support/guilds";
import { Contract, fetchDocument } from "../support/openapi";
import { mark, namedPlayer, setLoot, toastFor } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const ORIGIN = "http://tools.example.test";

describe.each(testStores())("the public API as a product on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  it("serves an OpenAPI 3.1 document that an independent validator accepts", async () => {
    const doc = await fetchDocument(suite.server.url);
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(
      doc as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/api/guilds",
      "/api/guilds/{id}",
      "/api/leaderboards/{type}",
      "/api/leaderboards/{type}/search",
      "/api/market",
      "/api/market/stream",
      "/api/market/{lootId}/history",
      "/api/players/{player}",
    ]);
  });

  it("answers every public route as the document describes it (contract)", async () => {
    const url = suite.server.url;
    const contract = new Contract(await fetchDocument(url));
    // Something on every route: a trade (best prices and a candle) and a guild with a key.
    const seller = await namedPlayer(suite.server);
    const buyer = await namedPlayer(suite.server);
    setLoot(seller.loaded, LootId.WhitePearl, 10);
    setLoot(buyer.loaded, LootId.ManaDust, 1_000);
    const order = (p: typeof seller, side: MarketSide, quantity: number) =>
      toastFor(p, () =>
        p.client.send("createOrder", {
          side,
          lootId: LootId.WhitePearl,
          quantity,
          unitPrice: 30,
          quantityGiven: true,
        }),
      );
    await order(seller, MarketSide.Sell, 10);
    await order(buyer, MarketSide.Buy, 4);
    const guildId = await foundGuild(seller);
    const since = mark(seller);
    await toastFor(seller, () => seller.client.send("regenerateGuildApiKey", {}));
    const g = await seller.client.next("guild", (m) => m.guild?.apiKey !== undefined, { since });
    const key = g.guild?.apiKey ?? "";

    const best = (await contract.get(url, "/api/market", "/api/market")) as {
      Sell: Record<string, number>;
    };
    expect(best.Sell[String(LootId.WhitePearl)]).toBe(30);
    const history = "/api/market/{lootId}/history";
    const candles = (await contract.get(
      url,
      history,
      `/api/market/${LootId.WhitePearl}/history?interval=day`,
    )) as { candles: unknown[] };
    expect(candles.candles).toHaveLength(1);
    await contract.get(url, history, `/api/market/${LootId.WhitePearl}/history`);
    await contract.get(url, history, `/api/market/${LootId.BoundCodex}/history`, 404);
    await contract.get(url, history, `/api/market/3/history?interval=year`, 400);

    const player = "/api/players/{player}";
    const profile = (await contract.get(url, player, `/api/players/${seller.id}`)) as {
      Name: string;
      GuildID: number;
    };
    expect(profile).toMatchObject({ Name: seller.name, GuildID: guildId });
    await contract.get(url, player, `/api/players/${encodeURIComponent(buyer.name)}`);
    await contract.get(url, player, "/api/players/nobody_here", 404);

    const board = "/api/leaderboards/{type}";
    await contract.get(url, board, "/api/leaderboards/battle");
    await contract.get(url, board, `/api/leaderboards/battle?guild=${guildId}`);
    await contract.get(url, board, "/api/leaderboards/money", 404);
    await contract.get(url, board, "/api/leaderboards/battle?page=999", 400);
    const search = "/api/leaderboards/{type}/search";
    await contract.get(
      url,
      search,
      `/api/leaderboards/battle/search?name=${seller.name.slice(0, 3)}`,
    );
    await contract.get(url, search, "/api/leaderboards/money/search?name=a", 404);
    await contract.get(url, search, "/api/leaderboards/battle/search?name=a%25", 400);

    const list = (await contract.get(url, "/api/guilds", "/api/guilds")) as Array<{ ID: number }>;
    expect(list.some((e) => e.ID === guildId)).toBe(true);
    const details = "/api/guilds/{id}";
    const bearer = { authorization: `Bearer ${key}` };
    const full = (await contract.get(url, details, `/api/guilds/${guildId}`, 200, bearer)) as {
      Roster: Array<{ Name: string }>;
    };
    expect(full.Roster.map((m) => m.Name)).toEqual([seller.name]);
    await contract.get(url, details, `/api/guilds/${guildId}?apikey=${key}`);
    await contract.get(url, details, `/api/guilds/${guildId}`, 401);
    await contract.get(url, details, `/api/guilds/${guildId}`, 401, { authorization: "Bearer x" });
    await contract.get(url, details, "/api/guilds/999999999", 404, bearer);
  });

  it("sends ETag and Cache-Control on the public GETs; a matching If-None-Match gets 304", async () => {
    const url = suite.server.url;
    for (const path of [
      "/api/market",
      "/api/guilds",
      "/api/leaderboards/battle",
      "/api/market/3/history",
    ]) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(200);
      const tag = res.headers.get("etag");
      expect(tag, path).toMatch(/^W\/"/);
      expect(res.headers.get("cache-control"), path).toBe("public, max-age=5");
      const again = await fetch(`${url}${path}`, { headers: { "if-none-match": tag ?? "" } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe("");
    }
  });

  it("lets the leader revoke the guild's key; only the leader, and only a key there is", async () => {
    const leader = await namedPlayer(suite.server);
    const member = await namedPlayer(suite.server);
    const guildId = await foundGuild(leader);
    await joinGuild(leader, member, guildId);
    const since = mark(leader);
    await toastFor(leader, () => leader.client.send("regenerateGuildApiKey", {}));
    const g = await leader.client.next("guild", (m) => m.guild?.apiKey !== undefined, { since });
    const details = () =>
      fetch(`${suite.server.url}/api/guilds/${guildId}`, {
        headers: { authorization: `Bearer ${g.guild?.apiKey}` },
      });
    expect((await details()).status).toBe(200);
    expect(await toastFor(member, () => member.client.send("revokeGuildApiKey", {}))).toBe(
      "Only the guild's leader holds its API key.",
    );
    expect((await details()).status).toBe(200);
    const revoked = mark(leader);
    expect(await toastFor(leader, () => leader.client.send("revokeGuildApiKey", {}))).toBe(
      "The API key was revoked; it no longer works.",
    );
    const after = await leader.client.next("guild", () => true, { since: revoked });
    expect(after.guild?.apiKey).toBeUndefined();
    const res = await details();
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthorized" });
    expect(await toastFor(leader, () => leader.client.send("revokeGuildApiKey", {}))).toBe(
      "The guild has no API key to revoke.",
    );
  });

  it("lets a page on any origin read the public routes (CORS), and no other route", async () => {
    const url = suite.server.url;
    for (const path of ["/api/market", "/api/guilds", "/api/openapi.json"]) {
      const res = await fetch(`${url}${path}`, { headers: { origin: ORIGIN } });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
    const preflight = await fetch(`${url}/api/guilds/1`, {
      method: "OPTIONS",
      headers: {
        origin: ORIGIN,
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/i);
    // Signing in stays same-origin.
    const auth = await fetch(`${url}/api/auth/login`, {
      method: "OPTIONS",
      headers: { origin: ORIGIN, "access-control-request-method": "POST" },
    });
    expect(auth.status).toBe(404);
    expect(auth.headers.get("access-control-allow-origin")).toBeNull();
    const post = await fetch(`${url}/api/auth/guest`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: "{}",
    });
    expect(post.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers every error of the HTTP API in one shape, Fastify's own included", async () => {
    const url = suite.server.url;
    const contract = new Contract(await fetchDocument(url));
    const json = { "content-type": "application/json" };
    const cases: Array<[RequestInit & { path: string }, number, string]> = [
      [{ path: "/api/nowhere" }, 404, "not_found"],
      [{ path: "/api/market", method: "DELETE" }, 404, "not_found"],
      [
        { path: "/api/auth/login", method: "POST", headers: json, body: "{bad" },
        400,
        "bad_request",
      ],
      [{ path: "/api/auth/login", method: "POST", headers: json, body: "" }, 400, "bad_request"],
      [
        {
          path: "/api/auth/login",
          method: "POST",
          headers: { "content-type": "image/png" },
          body: "x",
        },
        415,
        "unsupported_media_type",
      ],
      [
        { path: "/api/auth/login", method: "POST", headers: json, body: `"${"x".repeat(20_000)}"` },
        413,
        "payload_too_large",
      ],
      [{ path: "/api/auth/login", method: "POST", headers: json, body: "{}" }, 400, "bad_request"],
      [{ path: "/api/market/3/history?interval=year" }, 400, "bad_request"],
      [{ path: "/api/guilds/999999999" }, 404, "not_found"],
    ];
    for (const [{ path, ...init }, status, code] of cases) {
      const res = await fetch(`${url}${path}`, init);
      const body = (await res.json()) as Record<string, unknown>;
      expect({ path, status: res.status }).toEqual({ path, status });
      expect(Object.keys(body).sort(), path).toEqual(["code", "error"]);
      expect(body.code, path).toBe(code);
      expect(typeof body.error).toBe("string");
      expect(String(body.error).length).toBeGreaterThan(3);
    }
    // The quota: the IETF draft's headers on every answer, 429 in the same shape beyond it.
    const first = await fetch(`${url}/api/leaderboards/battle`);
    expect(first.headers.get("ratelimit-limit")).toBe("60");
    expect(Number(first.headers.get("ratelimit-remaining"))).toBeLessThan(60);
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    let last: Response | undefined;
    for (let i = 0; i < 61 && last?.status !== 429; i++) {
      last = await fetch(`${url}/api/leaderboards/battle`);
      if (last.status !== 429) await last.arrayBuffer();
    }
    expect(last?.status).toBe(429);
    const limited = (await last?.json()) as Record<string, unknown>;
    contract.expect("/api/leaderboards/{type}", 429, last as Response, limited);
    expect(limited.code).toBe("rate_limited");
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("the OpenAPI guard", () => {
  it("refuses to start a server with a public route that has no description", async () => {
    const app = Fastify();
    await openApiDocument(app, "test");
    expect(() => app.get("/api/market/undocumented", async () => ({}))).toThrow(
      /no OpenAPI description/,
    );
    expect(() => app.get("/api/players/:x/secret", { schema: {} }, async () => ({}))).toThrow(
      /no OpenAPI description/,
    );
    app.get("/api/other", async () => ({})); // not public: no description needed
    await app.close();
  });
});
