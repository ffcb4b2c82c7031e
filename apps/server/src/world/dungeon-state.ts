import {
  type DungeonPreset,
  type DungeonRun,
  type DungeonState,
  emptyDungeon,
  isDungeonSize,
  isIdleSize,
  MAX_PRESET_NAME,
  MAX_PRESETS,
  Size,
} from "@manaspire/game";

/**
 * Reads the `dungeon` column into the rules' shape, dropping anything malformed, so a
 * hand-edited or old row cannot break the tick (as companion-state.ts does for pets).
 */
const num = (v: unknown, min = 0): number =>
  typeof v === "number" && Number.isFinite(v) && v >= min ? v : min;
const whole = (v: unknown): number => Math.floor(num(v));

function numberMap(raw: unknown): Record<number, number> {
  const out: Record<number, number> = {};
  if (raw && typeof raw === "object") {
    for (const [k, v] of Object.entries(raw)) {
      const id = Number(k);
      if (Number.isInteger(id) && id >= 0 && num(v) > 0) out[id] = num(v);
    }
  }
  return out;
}

function readRun(raw: unknown): DungeonRun | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Partial<Record<keyof DungeonRun, unknown>>;
  if (!isDungeonSize(r.size)) return null;
  const cells = (v: unknown) =>
    Array.isArray(v) ? v.filter((c): c is number => Number.isInteger(c) && c >= 0) : [];
  return {
    seed: whole(r.seed) >>> 0,
    size: r.size,
    speedrun: r.speedrun === true,
    startedAt: num(r.startedAt),
    x: whole(r.x),
    y: whole(r.y),
    flags: numberMap(r.flags),
    wounds: numberMap(r.wounds),
    discovered: cells(r.discovered),
    keys: cells(r.keys).filter((k) => k >= 1 && k <= 36),
    loot: numberMap(r.loot),
    movedAt: num(r.movedAt),
    interactedAt: num(r.interactedAt),
    ...readGuildOf(r.guild),
  };
}

function readGuildOf(raw: unknown): Pick<DungeonRun, "guild"> {
  if (!raw || typeof raw !== "object") return {};
  const g = raw as { guildId?: unknown; level?: unknown };
  const guildId = whole(g.guildId);
  const level = whole(g.level);
  return guildId > 0 && level > 0 ? { guild: { guildId, level } } : {};
}

export function readDungeon(raw: unknown): DungeonState {
  const s = emptyDungeon();
  if (!raw || typeof raw !== "object") return s;
  const r = raw as Partial<Record<keyof DungeonState, unknown>>;
  s.idleSize = isIdleSize(r.idleSize) ? r.idleSize : Size.None;
  s.idleTicks = whole(r.idleTicks);
  s.completed = whole(r.completed);
  s.manual = whole(r.manual);
  s.treasures = whole(r.treasures);
  s.rooms = whole(r.rooms);
  const sr = Array.isArray(r.speedrun) ? r.speedrun : [];
  s.speedrun = [num(sr[0]), num(sr[1]), num(sr[2])];
  for (const p of Array.isArray(r.presets) ? r.presets : []) {
    const x = p as Partial<DungeonPreset>;
    if (typeof x.name !== "string" || !x.name || x.name.length > MAX_PRESET_NAME) continue;
    if (s.presets.length >= MAX_PRESETS || s.presets.some((o) => o.name === x.name)) continue;
    s.presets.push({ name: x.name, idleSize: isIdleSize(x.idleSize) ? x.idleSize : Size.None });
  }
  s.activePreset =
    typeof r.activePreset === "string" && s.presets.some((p) => p.name === r.activePreset)
      ? r.activePreset
      : "";
  const t = (r.tracker ?? {}) as { loot?: unknown; items?: unknown };
  s.tracker = {
    loot: numberMap(t.loot),
    items: Array.isArray(t.items)
      ? t.items.filter((i): i is number => Number.isInteger(i) && i > 0).slice(-100)
      : [],
  };
  s.run = readRun(r.run);
  const guildRun = readRun(r.guildRun);
  s.guildRun = guildRun?.guild ? guildRun : null;
  if (s.run?.guild) s.run = null;
  s.guildObjectives = whole(r.guildObjectives);
  return s;
}
