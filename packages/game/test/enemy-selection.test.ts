import { describe, expect, it } from "vitest";
import {
  Element,
  type EnemySelection,
  MAX_ENEMY_LEVEL,
  resolveEnemySelection,
  Zone,
} from "../src/index";

const rg: EnemySelection = { zone: Zone.RadiantGrove, enemy: 12, magicType: Element.Fire };
const sm: EnemySelection = { zone: Zone.SmolderingMarsh, enemy: 40, magicType: Element.Nature };
const wd: EnemySelection = { zone: Zone.WorldshapersDomain, enemy: 5000, magicType: Element.Water };

describe("resolveEnemySelection", () => {
  it("keeps the enemy when choosing the current zone from town", () => {
    expect(
      resolveEnemySelection(rg, { zone: Zone.RadiantGrove, enemy: 12, magicType: null }),
    ).toEqual({ ok: true, zone: Zone.RadiantGrove, enemy: 12, magicType: Element.Fire });
    expect(resolveEnemySelection(wd, { ...wd, magicType: null })).toEqual({ ok: true, ...wd });
  });

  it("uses an explicit enemy and magic type in the same zone", () => {
    expect(
      resolveEnemySelection(rg, { zone: Zone.RadiantGrove, enemy: 20, magicType: Element.Water }),
    ).toEqual({ ok: true, zone: Zone.RadiantGrove, enemy: 20, magicType: Element.Water });
    expect(
      resolveEnemySelection(wd, { zone: Zone.WorldshapersDomain, enemy: 7777, magicType: null }),
    ).toEqual({ ok: true, zone: Zone.WorldshapersDomain, enemy: 7777, magicType: Element.Water });
  });

  it("keeps the enemy level moving between the three top zones", () => {
    for (const zone of [Zone.MaelstromsEye, Zone.BlazingCore]) {
      expect(resolveEnemySelection(wd, { zone, enemy: 5000, magicType: null })).toEqual({
        ok: true,
        zone,
        enemy: 5000,
        magicType: Element.Water,
      });
    }
  });

  it("resets the enemy to 1 when the zone changes otherwise", () => {
    const cases: [EnemySelection, number][] = [
      [rg, Zone.SmolderingMarsh],
      [sm, Zone.RadiantGrove],
      [sm, Zone.BlazingCore],
      [wd, Zone.RadiantGrove],
      [wd, Zone.SmolderingMarsh],
      [rg, Zone.WorldshapersDomain],
    ];
    for (const [current, zone] of cases) {
      const r = resolveEnemySelection(current, { zone, enemy: current.enemy, magicType: null });
      expect(r).toEqual({ ok: true, zone, enemy: 1, magicType: current.magicType });
    }
  });

  it("rejects unknown zones", () => {
    for (const zone of [0, 6, -1, 2.5, Number.NaN]) {
      const r = resolveEnemySelection(rg, { zone, enemy: 1, magicType: null });
      expect(r.ok).toBe(false);
    }
  });

  it("clamps the enemy of a lower zone to its list", () => {
    const hi = resolveEnemySelection(rg, { zone: Zone.RadiantGrove, enemy: 31, magicType: null });
    expect(hi).toMatchObject({ ok: true, enemy: 30 });
    const lo = resolveEnemySelection(sm, {
      zone: Zone.SmolderingMarsh,
      enemy: 0,
      magicType: null,
    });
    expect(lo).toMatchObject({ ok: true, enemy: 1 });
    const max = resolveEnemySelection(sm, { zone: Zone.SmolderingMarsh, enemy: 99, magicType: 1 });
    expect(max).toMatchObject({ ok: true, enemy: 70 });
    const nan = resolveEnemySelection(rg, {
      zone: Zone.RadiantGrove,
      enemy: Number.NaN,
      magicType: null,
    });
    expect(nan.ok).toBe(false);
  });

  it("validates the strength of top zones", () => {
    for (const enemy of [0, -3, 1.5, Number.POSITIVE_INFINITY]) {
      const r = resolveEnemySelection(wd, {
        zone: Zone.WorldshapersDomain,
        enemy,
        magicType: null,
      });
      expect(r.ok).toBe(false);
    }
    const capped = resolveEnemySelection(wd, {
      zone: Zone.MaelstromsEye,
      enemy: 5e12,
      magicType: null,
    });
    expect(capped).toMatchObject({ ok: true, enemy: MAX_ENEMY_LEVEL });
  });

  it("treats magic type None like null (the town screen sends none)", () => {
    const r = resolveEnemySelection(sm, {
      zone: Zone.SmolderingMarsh,
      enemy: 40,
      magicType: Element.None,
    });
    expect(r).toEqual({
      ok: true,
      zone: Zone.SmolderingMarsh,
      enemy: 40,
      magicType: Element.Nature,
    });
  });

  it("rejects magic types outside the enumeration", () => {
    for (const magicType of [4, -1, 1.5]) {
      const r = resolveEnemySelection(rg, {
        zone: Zone.RadiantGrove,
        enemy: 3,
        magicType: magicType as Element,
      });
      expect(r.ok).toBe(false);
    }
  });

  it("defaults to the advantaged magic type when the current one is None", () => {
    const fresh = { zone: Zone.RadiantGrove, enemy: 1, magicType: Element.None };
    // enemy 1 is Fire, so Water has the advantage.
    expect(
      resolveEnemySelection(fresh, { zone: Zone.RadiantGrove, enemy: 1, magicType: null }),
    ).toEqual({ ok: true, zone: Zone.RadiantGrove, enemy: 1, magicType: Element.Water });
  });
});
