import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Report } from "./report";
import type { WorldResult } from "./world";

/** Chart.js (a dependency of this package), inlined so that the page works offline. */
function chartJs(): string {
  // The package exports only its modules; the UMD build sits next to the CommonJS one.
  const main = createRequire(import.meta.url).resolve("chart.js");
  return readFileSync(join(dirname(main), "chart.umd.min.js"), "utf8").replace(
    /<\/script/gi,
    "<\\/script",
  );
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!,
  );
}

/** Markdown tables and headings of `reportText` as HTML. */
function tablesHtml(text: string): string {
  const out: string[] = [];
  let inTable = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("| ---") || /^\|( --- \|)+$/.test(line)) continue;
    if (line.startsWith("|")) {
      const cells = line
        .slice(1, -1)
        .split(" | ")
        .map((c) => escapeHtml(c.trim()));
      if (!inTable) {
        out.push(`<table><tr>${cells.map((c) => `<th>${c}</th>`).join("")}</tr>`);
        inTable = true;
      } else out.push(`<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`);
      continue;
    }
    if (inTable) {
      out.push("</table>");
      inTable = false;
    }
    if (line.startsWith("## ")) out.push(`<h2>${escapeHtml(line.slice(3))}</h2>`);
    else if (line.startsWith("- ")) out.push(`<p class="finding">${escapeHtml(line.slice(2))}</p>`);
    else if (line.trim()) out.push(`<p>${escapeHtml(line)}</p>`);
  }
  if (inTable) out.push("</table>");
  return out.join("\n");
}

/** Currencies and resources in the supply chart (the rest are in the tables). */
const CHARTED_SUPPLY: readonly number[] = [1, 2, 3, 38, 4, 5, 6, 7, 8, 9, 39, 40, 41, 44, 48];

/** The findings, the many "no sink" ones in one line. */
function findingsHtml(r: Report): string {
  const noSink = r.findings.filter((f) => f.kind === "no sink").map((f) => f.text.split(":")[0]);
  const rest = r.findings.filter((f) => f.kind !== "no sink");
  const lines = rest.map((f) => `[${f.kind}] ${f.text}`);
  if (noSink.length > 0) lines.push(`[no sink] nothing destroys: ${noSink.join(", ")}.`);
  if (lines.length === 0) return "<p>None.</p>";
  return lines.map((l) => `<p class="finding">${escapeHtml(l)}</p>`).join("\n");
}

/** The report as one HTML page with charts (supply, prices, levels, power and wealth by profile). */
export function reportHtml(w: WorldResult, r: Report, text: string, header: string): string {
  const days = Array.from({ length: w.daily.length }, (_, d) => d + 1);
  const data = {
    days,
    supply: r.loot
      .filter((l) => CHARTED_SUPPLY.includes(l.lootId))
      .map((l) => ({ label: l.name, data: l.supply })),
    prices: r.prices.map((p) => ({ label: p.name, data: p.price })),
    volumes: r.prices.map((p) => ({ label: p.name, data: p.volume })),
    battle: ["p10", "p50", "p90"].map((q) => ({
      label: `battle level ${q}`,
      data: r.levels.battle!.map((x) => x[q as "p10"]),
    })),
    power: r.profiles
      .filter((p) => p.profile !== "gatherer")
      .map((p) => ({ label: p.label, data: p.power })),
    wealth: r.profiles.map((p) => ({ label: p.label, data: p.wealth })),
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Manaspire economy simulation</title>
<script>${chartJs()}</script>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;max-width:1200px;color:#222;background:#fafafa}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:1.5rem}
.card{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem}
table{border-collapse:collapse;font-size:.8rem;margin:.5rem 0 1.5rem}
td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:right}
th{background:#eee}td:first-child,th:first-child{text-align:left}
.finding{background:#fff4e5;border-left:4px solid #f90;padding:.4rem .6rem;margin:.3rem 0}
</style></head><body>
<h1>Manaspire economy and progression simulation</h1>
<p>${escapeHtml(header)}</p>
<div class="grid">
<div class="card"><h3>Median power by profile (enemy level beaten)</h3><canvas id="power"></canvas></div>
<div class="card"><h3>Median wealth by profile (mana dust, log)</h3><canvas id="wealth"></canvas></div>
<div class="card"><h3>Battle level (10th, 50th, 90th percentile)</h3><canvas id="battle"></canvas></div>
<div class="card"><h3>Supply of the main currencies and resources at the end of each day (log)</h3><canvas id="supply"></canvas></div>
<div class="card"><h3>Market price (mana dust a unit, log)</h3><canvas id="prices"></canvas></div>
<div class="card"><h3>Units traded a day (log)</h3><canvas id="volumes"></canvas></div>
</div>
<h2>Imbalances found</h2>
${findingsHtml(r)}
${tablesHtml(text)}
<script>
const D=${JSON.stringify(data)};
function chart(id,sets,log){new Chart(document.getElementById(id),{type:"line",data:{labels:D.days,datasets:sets.map(s=>({...s,pointRadius:0,borderWidth:1.5,spanGaps:true}))},options:{animation:false,scales:{x:{title:{display:true,text:"day"}},y:log?{type:"logarithmic"}:{}},plugins:{legend:{labels:{boxWidth:10,font:{size:10}}}}}})}
chart("power",D.power,false);chart("wealth",D.wealth,true);chart("battle",D.battle,false);
chart("supply",D.supply,true);chart("prices",D.prices,true);chart("volumes",D.volumes,true);
</script></body></html>
`;
}
