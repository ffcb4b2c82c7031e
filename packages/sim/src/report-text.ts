import { LootId } from "@manaspire/game";
import { fmt, pct } from "./format";
import type { Report } from "./report";
import type { WorldResult } from "./world";

/** Days shown in the tables: 1, 2, 7, 14, … and the last. */
export function shownDays(days: number): number[] {
  const out = [0, 1, 6, 13, 20, 29, days - 1].filter((d) => d >= 0 && d < days);
  return [...new Set(out)].sort((a, b) => a - b);
}

/** The report as text tables (Markdown, so it can be pasted into docs). */
export function reportText(w: WorldResult, r: Report): string {
  const lines: string[] = [];
  const days = w.daily.length;
  const show = shownDays(days);
  const row = (cells: (string | number)[]) => lines.push(`| ${cells.join(" | ")} |`);
  const head = (cells: string[]) => {
    row(cells);
    row(cells.map(() => "---"));
  };
  const topFlows = (m: Record<string, number>) =>
    Object.entries(m)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(", ") || "—";

  lines.push(`## Currencies and resources (${days} days, per day = run total / ${days})`, "");
  lines.push(
    `Dropped items of Rare and below are disenchanted at once ("disenchanting"); ${fmt(r.itemsKept)} Epic or better were kept (gear is not simulated).`,
    "",
  );
  head([
    "loot",
    "created/day",
    "destroyed/day",
    "sink share",
    "main sources",
    "main sinks",
    "supply end",
    "growth/day (2nd half)",
  ]);
  const order = [...r.loot].sort((a, b) =>
    a.lootId === LootId.ManaDust ? -1 : b.lootId === LootId.ManaDust ? 1 : a.lootId - b.lootId,
  );
  for (const l of order) {
    row([
      l.name,
      fmt(l.created / days),
      fmt(l.destroyed / days),
      l.created > 0 ? pct(l.destroyed / l.created) : "—",
      topFlows(l.sources),
      topFlows(l.sinks),
      fmt(l.supply[days - 1] ?? 0),
      pct(l.growth),
    ]);
  }

  lines.push("", "## Market (average price of the day's trades, units traded)", "");
  head(["loot", ...show.map((d) => `day ${d + 1}`), "total volume"]);
  for (const p of r.prices) {
    row([
      p.name,
      ...show.map((d) =>
        p.price[d] === null ? "—" : `${fmt(p.price[d]!)} (${fmt(p.volume[d]!)})`,
      ),
      fmt(p.volume.reduce((s, v) => s + v, 0)),
    ]);
  }

  lines.push("", "## Levels (10th / 50th / 90th percentile)", "");
  head(["skill", ...show.map((d) => `day ${d + 1}`)]);
  for (const [skill, series] of Object.entries(r.levels)) {
    row([skill, ...show.map((d) => `${series[d]!.p10} / ${series[d]!.p50} / ${series[d]!.p90}`)]);
  }

  lines.push(
    "",
    "## Profiles (medians): power = enemy level beaten, wealth = dust + holdings at market price",
    "",
  );
  head(["profile", "accounts", ...show.map((d) => `day ${d + 1} level / power / wealth`)]);
  for (const p of r.profiles) {
    row([
      p.label,
      p.accounts,
      ...show.map(
        (d) =>
          `${p.profile === "gatherer" ? `g${p.gatherLevel[d]}` : p.battleLevel[d]} / ${p.power[d]} / ${fmt(p.wealth[d]!)}`,
      ),
    ]);
  }

  lines.push("", "## Time to milestones (median day, share of the profile that reached it)", "");
  const names = [...new Set(r.profiles.flatMap((p) => Object.keys(p.milestones)))].sort();
  head(["milestone", ...r.profiles.map((p) => p.label)]);
  for (const n of names) {
    row([
      n,
      ...r.profiles.map((p) => {
        const m = p.milestones[n];
        if (!m) return "—";
        return `${m.day === null ? "—" : `day ${m.day + 1}`} (${pct(m.share)})`;
      }),
    ]);
  }

  if (r.events.length > 0) {
    lines.push("", "## Events (every event regular joins each one)", "");
    head([
      "event",
      "held",
      "participants",
      "bosses defeated (10th / 50th / 90th)",
      "Event Points each (median)",
      "siphons each (median)",
    ]);
    for (const e of r.events) {
      const rift = e.name === "Elemental Rift";
      row([
        e.name,
        e.held,
        e.participants,
        rift ? `${e.bosses.p10} / ${e.bosses.p50} / ${e.bosses.p90}` : "—",
        rift ? fmt(e.pointsEach) : "—",
        rift ? "—" : fmt(e.siphonsEach),
      ]);
    }
    lines.push("", `Event regulars' Growth sigil on the last day: level ${r.sigilLevel} (median).`);
  }

  lines.push("", "## Imbalances", "");
  if (r.findings.length === 0) lines.push("None found.");
  for (const f of r.findings) lines.push(`- [${f.kind}] ${f.text}`);
  return lines.join("\n");
}
