import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiSections } from "./apiDocument";

// The document the server serves (an integration test keeps this copy equal to it).
const doc: unknown = JSON.parse(
  readFileSync(new URL("../../../../../packages/api-client/openapi.json", import.meta.url), "utf8"),
);

describe("/developers from the OpenAPI document", () => {
  it("shows every public route of the document, grouped by its tag", () => {
    const sections = apiSections(doc);
    expect(sections.map((s) => s.tag)).toEqual(["Market", "Players", "Leaderboards", "Guilds"]);
    const paths = sections.flatMap((s) => s.endpoints.map((e) => e.path)).sort();
    expect(paths).toEqual(Object.keys((doc as { paths: object }).paths).sort());
  });

  it("says what each route takes and answers", () => {
    const all = apiSections(doc).flatMap((s) => s.endpoints);
    const history = all.find((e) => e.path === "/api/market/{lootId}/history");
    expect(history?.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      "query:interval",
      "path:lootId",
    ]);
    expect(history?.shape).toBe("{lootId, interval, candles}");
    expect(history?.responses.map((r) => r.status)).toEqual(["200", "400", "404", "429", "500"]);
    expect(all.find((e) => e.path === "/api/guilds")?.shape).toMatch(/^\[\{ID, Name/);
    expect(all.find((e) => e.path === "/api/guilds/{id}")?.needsKey).toBe(true);
    expect(all.find((e) => e.path === "/api/market/stream")?.shape).toBe("text/event-stream");
  });
});
