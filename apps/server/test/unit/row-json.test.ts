import { describe, expect, it } from "vitest";
import { columnSet, unsignedWords } from "../../src/world/column-set";
import type { LoadedPlayer } from "../../src/world/loaded-player";
import { Col } from "../../src/world/player-columns";
import { layoutOf, relayRow, rowJson } from "../../src/world/row-json";

function take(p: Partial<LoadedPlayer>, ...sets: Parameters<typeof columnSet>) {
  const mask = columnSet(...sets);
  const words = unsignedWords(mask);
  const key = words.join(".");
  return { json: rowJson(p as LoadedPlayer, mask, words, key), layout: layoutOf(mask, key) };
}

describe("the flush's row JSON", () => {
  it("is [id, mask, values in the mask's column order], taken at once", () => {
    const loot: Record<number, number> = { 1: 5 };
    const p = { id: 7, battleXp: 12.5, loot, kills: 3 };
    const { json, layout } = take(p, Col.loot, Col.battleXp);
    expect(layout.map((c) => c.key)).toEqual(["battleXp", "loot"]);
    loot[1] = 99; // a change after the take does not reach the row
    const [id, mask, ...values] = JSON.parse(json) as unknown[];
    expect([id, values]).toEqual([7, [12.5, { 1: 5 }]]);
    expect(mask).toBe(unsignedWords(columnSet(Col.loot, Col.battleXp))[0]);
  });

  it("writes nothing, NaN and Infinity as null, and text as JSON text", () => {
    const p = { id: 1, battleXp: Number.NaN, miningXp: Number.POSITIVE_INFINITY, title: 'a"\\\n' };
    const { json } = take(p, Col.battleXp, Col.miningXp, Col.title, Col.event);
    // title, then titleColor (dirty with it: undefined here), then event
    expect((JSON.parse(json) as unknown[]).slice(2)).toEqual([null, null, 'a"\\\n', null, null]);
  });

  it("lays a row out again for more columns, nulls where it changed nothing", () => {
    const p = { id: 3, zone: 2, title: "Sir" };
    const own = take(p, Col.zone, Col.title);
    const unionSet = columnSet(Col.battleXp, Col.zone, Col.title);
    const union = layoutOf(unionSet, unsignedWords(unionSet).join("."));
    const row = JSON.parse(relayRow(own.json, own.layout, union)) as unknown[];
    expect(union.map((c) => c.key)).toEqual(["battleXp", "zone", "title", "titleColor"]);
    expect(row).toEqual([3, JSON.parse(own.json)[1], null, 2, "Sir", null]);
  });
});
