import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const WEBP = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake emote", "latin1");

/** A stand-in for the emote service on loopback: its set and its images, counted. */
function fakeEmoteService(): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    const host = `//127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.url === "/v3/emote-sets/global") {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          id: "global",
          emotes: [
            {
              id: "e1",
              name: "KEKW",
              data: {
                animated: false,
                host: {
                  url: `${host}/emote/e1`,
                  files: [{ name: "1x.webp", static_name: "1x_static.webp" }, { name: "4x.webp" }],
                },
              },
            },
            { id: "../evil", name: "Bad", data: { host: { url: host, files: [] } } },
          ],
        }),
      );
      return;
    }
    if (req.url?.startsWith("/emote/e1/")) {
      res.setHeader("content-type", "image/webp");
      res.end(WEBP);
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        hits,
      }),
    ),
  );
}

describe("the emote set, served by the game server", () => {
  let upstream: Awaited<ReturnType<typeof fakeEmoteService>>;
  beforeAll(async () => {
    upstream = await fakeEmoteService();
  });
  afterAll(() => {
    upstream.server.close();
  });

  const suite = serverSuite(testStores()[0]!, () => ({
    EMOTE_SET_URL: `${upstream.url}/v3/emote-sets/global`,
  }));

  it("answers the set with image addresses on this server, fetched from the service once", async () => {
    const first = await fetch(`${suite.server.url}/api/emotes`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=3600");
    const set = (await first.json()) as {
      emotes: Array<{
        id: string;
        name: string;
        data: { host: { url: string; files: unknown[] } };
      }>;
    };
    expect(set.emotes).toHaveLength(1);
    expect(set.emotes[0]).toMatchObject({
      id: "e1",
      name: "KEKW",
      data: {
        host: {
          url: "/api/emotes/e1",
          files: [{ name: "1x.webp", static_name: "1x_static.webp" }],
        },
      },
    });
    await fetch(`${suite.server.url}/api/emotes`);
    expect(upstream.hits.filter((h) => h === "/v3/emote-sets/global")).toHaveLength(1);
  });

  it("serves the set's images, each fetched once, and nothing else", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${suite.server.url}/api/emotes/e1/1x.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=2592000, immutable");
      expect(Buffer.from(await res.arrayBuffer())).toEqual(WEBP);
    }
    expect(upstream.hits.filter((h) => h === "/emote/e1/1x.webp")).toHaveLength(1);
    expect((await fetch(`${suite.server.url}/api/emotes/e1/1x_static.webp`)).status).toBe(200);
    // Not in the set, not a served file, or an attempt to reach elsewhere: 404, no request out.
    const before = upstream.hits.length;
    for (const path of [
      "/api/emotes/e2/1x.webp",
      "/api/emotes/e1/4x.webp",
      "/api/emotes/e1/..%2F..%2Fsecret",
      "/api/emotes/..%2Fevil/1x.webp",
    ]) {
      expect((await fetch(`${suite.server.url}${path}`)).status, path).toBe(404);
    }
    expect(upstream.hits.length).toBe(before);
  });
});

describe("the emote set when the service is unreachable", () => {
  it("answers an empty set (the chat shows names as text) and keeps serving", async () => {
    const store = await testStores()[0]!.create();
    // A closed port on loopback: the fetch fails at once.
    const game = await startTestServer(store, { EMOTE_SET_URL: "http://127.0.0.1:9/set" });
    try {
      const res = await fetch(`${game.url}/api/emotes`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ emotes: [] });
      expect((await fetch(`${game.url}/api/emotes/e1/1x.webp`)).status).toBe(404);
    } finally {
      await game.stop();
      await store.dispose();
    }
  });
});
