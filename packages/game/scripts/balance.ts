/**
 * Balance report: win rates by enemy level and an idle-progression simulation.
 * `npx tsx packages/game/scripts/balance.ts` (numbers pasted into docs/game-rules.md).
 */
import {
  advantagedMagicType,
  BATTLE_XP_BASE,
  type BattleOutcome,
  battleRewards,
  createBattleOutcome,
  createRng,
  deriveCombatStats,
  type Element,
  enemyAtLevel,
  enemyElement,
  levelFromExperience,
  type Rng,
  resolveBattle,
} from "../src/index";

const out: BattleOutcome = createBattleOutcome();

export function winRate(
  level: number,
  boosts: Record<number, number>,
  enemyLevel: number,
  rng: Rng,
  samples = 400,
  magic?: Element,
): number {
  const enemy = enemyAtLevel(enemyLevel);
  const mt = magic ?? advantagedMagicType(enemy.element);
  const stats = deriveCombatStats({ level, boosts, magicType: mt });
  let wins = 0;
  for (let i = 0; i < samples; i++) if (resolveBattle(stats, enemy, mt, rng, out).won) wins++;
  return wins / samples;
}

/** Highest enemy level with win rate >= target (exponential then binary search). */
export function bestEnemy(
  level: number,
  boosts: Record<number, number>,
  rng: Rng,
  target = 0.95,
): number {
  if (winRate(level, boosts, 1, rng) < target) return 1;
  let lo = 1;
  let hi = 2;
  while (winRate(level, boosts, hi, rng) >= target) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (winRate(level, boosts, mid, rng) >= target) lo = mid;
    else hi = mid;
  }
  return lo;
}

interface SimState {
  xp: number;
  level: number;
  boosts: Record<number, number>;
  dust: number;
  enemy: number;
  battles: number;
  wins: number;
}

/** Idle simulation: 1200 actions an hour on the best >= 95% enemy, re-chosen every 100. */
export function simulate(hours: number, research: boolean, seed = 7): SimState[] {
  const rng = createRng(seed);
  const probe = createRng(seed + 1);
  const s: SimState = { xp: 0, level: 0, boosts: {}, dust: 0, enemy: 1, battles: 0, wins: 0 };
  const snapshots: SimState[] = [];
  let spLevel = 0;
  let wardLevel = 0;
  for (let h = 0; h < hours; h++) {
    for (let a = 0; a < 1200; a++) {
      if (a % 100 === 0) s.enemy = bestEnemy(s.level, s.boosts, probe);
      const enemy = enemyAtLevel(s.enemy);
      const mt = advantagedMagicType(enemyElement(enemy.number));
      const stats = deriveCombatStats({ level: s.level, boosts: s.boosts, magicType: mt });
      const o = resolveBattle(stats, enemy, mt, rng, out);
      const r = battleRewards(o, enemy, s.boosts, rng);
      s.battles++;
      if (o.won) s.wins++;
      s.xp += r.experience;
      s.dust += r.loot[1] ?? 0;
      for (const [k, v] of Object.entries(r.statDrops)) {
        s.boosts[Number(k)] = (s.boosts[Number(k)] ?? 0) + v;
      }
      s.level = levelFromExperience(BATTLE_XP_BASE, s.xp);
      if (research) {
        // Buy Base Spellpower and Base Ward alternately: level n costs 1000 n^2 dust.
        for (;;) {
          const buySp = spLevel <= wardLevel;
          const next = (buySp ? spLevel : wardLevel) + 1;
          const cost = 1000 * next * next;
          if (s.dust < cost) break;
          s.dust -= cost;
          if (buySp) spLevel = next;
          else wardLevel = next;
          s.boosts[1] = spLevel;
          s.boosts[2] = wardLevel;
        }
      }
    }
    snapshots.push({ ...s, boosts: { ...s.boosts } });
  }
  return snapshots;
}

function fmtStats(b: Record<number, number>): string {
  return [3, 4, 5, 6, 7].map((id) => 10 + (b[id] ?? 0)).join("/");
}

if (process.argv[1]?.endsWith("balance.ts")) {
  const rng = createRng(1);
  const levels = [1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 40, 60, 100];
  console.log("Fresh player (level 1, no boosts), win rate by enemy level:");
  console.log("| enemy level | advantaged magic | same element | disadvantaged |");
  console.log("|---|---|---|---|");
  for (const L of levels) {
    const el = enemyElement(L <= 30 ? L : L <= 100 ? L - 30 : L);
    const adv = advantagedMagicType(el);
    const dis = ((adv % 3) + 1) as Element;
    const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
    console.log(
      `| ${L} | ${pct(winRate(1, {}, L, rng, 2000, adv))} | ${pct(winRate(1, {}, L, rng, 2000, el))} | ${pct(winRate(1, {}, L, rng, 2000, dis))} |`,
    );
  }
  const hours = Number(process.argv[2] ?? 24);
  for (const research of [false, true]) {
    console.log(`\nIdle simulation (${research ? "stat drops + research" : "stat drops only"}):`);
    console.log(
      "| hours | level | base stats I/S/F/Sp/M | research SP/Ward | best enemy (95%) | win % |",
    );
    console.log("|---|---|---|---|---|---|");
    const snaps = simulate(hours, research);
    const firstHour = (lvl: number) => snaps.findIndex((x) => x.enemy >= lvl) + 1;
    console.log(
      `(beats RG 30 from hour ${firstHour(30)}, SM 70 = level 100 from hour ${firstHour(100)})`,
    );
    snaps.forEach((s, i) => {
      const h = i + 1;
      if (![1, 2, 4, 8, 12, 24, 48, 72, 100, 168].includes(h) && h !== hours) return;
      console.log(
        `| ${h} | ${s.level} | ${fmtStats(s.boosts)} | ${s.boosts[1] ?? 0}/${s.boosts[2] ?? 0} | ${s.enemy} | ${((s.wins / s.battles) * 100).toFixed(1)} |`,
      );
    });
  }
  console.log("\nWin rate around the threshold (advantaged magic, stat drops only):");
  const snaps = simulate(24, false);
  const probe = createRng(5);
  for (const h of [1, 8, 24]) {
    const s = snaps[h - 1]!;
    const cells = [-4, -2, -1, 0, 1, 2, 4, 8].map((d) => {
      const lvl = Math.max(1, s.enemy + d);
      return `${lvl}: ${(winRate(s.level, s.boosts, lvl, probe, 2000) * 100).toFixed(0)}%`;
    });
    console.log(`- after ${h} h (level ${s.level}): ${cells.join(", ")}`);
  }
}
