/**
 * `npm run simulate [-- --accounts 1000 --days 30 --seed 1 --sample 40 --out path.html]`:
 * runs the world, prints the report and writes the HTML page (docs/simulator.md).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { baselineCpuMs } from "../src/baseline";
import { reportHtml } from "../src/html";
import { buildReport } from "../src/report";
import { reportText } from "../src/report-text";
import { DEFAULT_OPTIONS, runWorld, type WorldOptions } from "../src/world";

function parseArgs(argv: string[]): { options: Partial<WorldOptions>; out: string } {
  const options: Partial<WorldOptions> = {};
  let out = resolve(dirname(fileURLToPath(import.meta.url)), "../out/report.html");
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${key} needs a value`);
    i++;
    if (key === "--out") {
      out = resolve(value);
      continue;
    }
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0)
      throw new Error(`${key} must be a whole number ≥ 0, not "${value}"`);
    if (key === "--accounts") options.accounts = n;
    else if (key === "--days") options.days = n;
    else if (key === "--seed") options.seed = n;
    else if (key === "--sample") options.sample = n;
    else throw new Error(`unknown option ${key} (--accounts, --days, --seed, --sample, --out)`);
  }
  return { options, out };
}

let parsed: ReturnType<typeof parseArgs>;
try {
  parsed = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
const baseline = baselineCpuMs();
let world: ReturnType<typeof runWorld>;
try {
  world = runWorld(parsed.options);
} catch (e) {
  if (!(e instanceof RangeError)) throw e;
  console.error(e.message);
  process.exit(2);
}
const report = buildReport(world);
const text = reportText(world, report);
const o = { ...DEFAULT_OPTIONS, ...parsed.options };
const accountDays = o.accounts * o.days;
const header =
  `${o.accounts} accounts × ${o.days} days, seed ${o.seed}, ${o.sample || "every"} actions resolved per action load. ` +
  `CPU ${(world.cpuMs / 1000).toFixed(1)} s (${Math.round(accountDays / (world.cpuMs / 1000))} account-days per CPU second); ` +
  `baseline (200,000 reference battles) ${baseline.toFixed(0)} ms, ratio ${(world.cpuMs / baseline).toFixed(1)}.`;
console.log(`# Manaspire simulation\n\n${header}\n\n${text}\n`);
mkdirSync(dirname(parsed.out), { recursive: true });
writeFileSync(parsed.out, reportHtml(world, report, text, header));
console.log(`HTML report: ${parsed.out}`);
