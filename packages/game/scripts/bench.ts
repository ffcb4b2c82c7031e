/** Battle throughput benchmark: `npx tsx packages/game/scripts/bench.ts`. */
import {
  advantagedMagicType,
  createBattleOutcome,
  createRng,
  deriveCombatStats,
  Element,
  enemyFor,
  resolveBattle,
  resolveBattleAction,
  seedFrom,
  Zone,
} from "../src/index";

const N = 1_000_000;
const stats5 = (v: number): Record<number, number> => ({ 3: v, 4: v, 5: v, 6: v, 7: v });
const cases: {
  label: string;
  level: number;
  boosts: Record<number, number>;
  zone: number;
  enemy: number;
}[] = [
  { label: "fresh vs RG 1 (win)", level: 1, boosts: {}, zone: Zone.RadiantGrove, enemy: 1 },
  { label: "fresh vs RG 10 (loss)", level: 1, boosts: {}, zone: Zone.RadiantGrove, enemy: 10 },
  {
    label: "8 h idle: L66 vs SM 23 (win)",
    level: 66,
    boosts: stats5(50),
    zone: Zone.SmolderingMarsh,
    enemy: 23,
  },
  {
    label: "24 h idle: L127 vs WD 122 (win)",
    level: 127,
    boosts: stats5(145),
    zone: Zone.WorldshapersDomain,
    enemy: 122,
  },
  {
    label: "haste+multicast L300 vs WD 900",
    level: 300,
    boosts: { ...stats5(600), 1: 60, 41: 50, 44: 100 },
    zone: Zone.WorldshapersDomain,
    enemy: 900,
  },
  {
    label: "worst case: 200-round stalemate",
    level: 100,
    boosts: { 3: -9, 4: 100_000, 2: 100_000 },
    zone: Zone.WorldshapersDomain,
    enemy: 100,
  },
];
const rng = createRng(42);
const out = createBattleOutcome();
for (const c of cases) {
  const enemy = enemyFor(c.zone, c.enemy);
  const mt = advantagedMagicType(enemy.element);
  const stats = deriveCombatStats({ level: c.level, boosts: c.boosts, magicType: mt });
  for (let i = 0; i < 20_000; i++) resolveBattle(stats, enemy, mt, rng, out);
  let wins = 0;
  let rounds = 0;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    resolveBattle(stats, enemy, mt, rng, out);
    if (out.won) wins++;
    rounds += out.enemyAttacks;
  }
  const ms = performance.now() - t0;
  console.log(
    `${c.label.padEnd(36)} ${Math.round((N / ms) * 1000).toLocaleString("en")} battles/s  ` +
      `win ${((wins / N) * 100).toFixed(1)}%  avg enemy attacks ${(rounds / N).toFixed(1)}`,
  );
}

// Whole action: derive stats + battle + rewards, fresh rng per action (what the server does).
{
  const out2 = createBattleOutcome();
  const boosts = { 3: 70, 4: 70, 5: 70, 6: 70, 7: 70 };
  const t0 = performance.now();
  const n = 500_000;
  let xp = 0;
  for (let i = 0; i < n; i++) {
    const r = resolveBattleAction({
      level: 60,
      boosts,
      zone: Zone.SmolderingMarsh,
      enemy: 5,
      magicType: Element.Water,
      rng: createRng(seedFrom(7, i, 99)),
      out: out2,
    });
    xp += r.experience;
  }
  const ms = performance.now() - t0;
  console.log(
    `${"full resolveBattleAction (L60 vs SM 5)".padEnd(36)} ${Math.round((n / ms) * 1000).toLocaleString("en")} actions/s  (xp ${xp})`,
  );
}
