import { readFileSync } from "node:fs";
import { manaspireClient } from "@manaspire/api-client";
import { LootId, MarketSide } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { foundGuild } from "../support/guilds";
import { fetchDocument } from "../support/openapi";
import { mark, namedPlayer, setLoot, toastFor } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const committed = new URL("../../../../packages/api-client/openapi.json", import.meta.url);

describe.each(testStores())("the typed API client on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  it("is generated from the document the server serves (no drift)", async () => {
    const served = await fetchDocument(suite.server.url);
    expect(JSON.parse(readFileSync(committed, "utf8"))).toEqual(served);
  });

  it("reads every public route of a real server, errors in the one shape", async () => {
    const api = manaspireClient(`${suite.server.url}/`);
    const seller = await namedPlayer(suite.server);
    setLoot(seller.loaded, LootId.Fish, 50);
    await toastFor(seller, () =>
      seller.client.send("createOrder", {
        side: MarketSide.Sell,
        lootId: LootId.Fish,
        quantity: 50,
        unitPrice: 7,
        quantityGiven: true,
      }),
    );
    const best = await api.GET("/api/market");
    expect(best.response.status).toBe(200);
    expect(best.data?.Sell[String(LootId.Fish)]).toBe(7);

    const history = await api.GET("/api/market/{lootId}/history", {
      params: { path: { lootId: String(LootId.Fish) }, query: { interval: "day" } },
    });
    expect(history.data?.interval).toBe("day");
    const bad = await api.GET("/api/market/{lootId}/history", {
      params: { path: { lootId: "3" }, query: { interval: "year" as "day" } },
    });
    expect(bad.data).toBeUndefined();
    expect(bad.error?.code).toBe("bad_request");

    const profile = await api.GET("/api/players/{player}", {
      params: { path: { player: seller.name } },
    });
    expect(profile.data?.ID).toBe(seller.id);
    const nobody = await api.GET("/api/players/{player}", {
      params: { path: { player: "nobody_here" } },
    });
    expect(nobody.error).toEqual({ error: "Player not found.", code: "not_found" });

    const board = await api.GET("/api/leaderboards/{type}", {
      params: { path: { type: "battle" }, query: { page: "1" } },
    });
    expect(board.data?.Type).toBe("battle");

    const guildId = await foundGuild(seller);
    const since = mark(seller);
    await toastFor(seller, () => seller.client.send("regenerateGuildApiKey", {}));
    const g = await seller.client.next("guild", (m) => m.guild?.apiKey !== undefined, { since });
    const list = await api.GET("/api/guilds");
    expect(list.data?.some((e) => e.ID === guildId)).toBe(true);
    const keyed = manaspireClient(suite.server.url, { guildKey: g.guild?.apiKey });
    const details = await keyed.GET("/api/guilds/{id}", {
      params: { path: { id: String(guildId) } },
    });
    expect(details.data?.OwnerName).toBe(seller.name);
    const refused = await api.GET("/api/guilds/{id}", {
      params: { path: { id: String(guildId) } },
    });
    expect(refused.error?.code).toBe("unauthorized");
  });
});
