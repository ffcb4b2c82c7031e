import {
  advantagedMagicType,
  createBattleOutcome,
  createRng,
  deriveCombatStats,
  enemyFor,
  resolveBattle,
  Zone,
} from "@manaspire/game";

/**
 * CPU milliseconds of a fixed workload (200,000 battles of a level-66 player against Smoldering
 * Marsh 23, packages/game/scripts/bench.ts's "8 h idle" case) on this machine now: the
 * simulation's time is reported as a ratio to it, so figures from different machines compare.
 */
export function baselineCpuMs(battles = 200_000): number {
  const enemy = enemyFor(Zone.SmolderingMarsh, 23);
  const mt = advantagedMagicType(enemy.element);
  const v = 50;
  const stats = deriveCombatStats({
    level: 66,
    boosts: { 3: v, 4: v, 5: v, 6: v, 7: v },
    magicType: mt,
  });
  const rng = createRng(42);
  const out = createBattleOutcome();
  const started = process.cpuUsage();
  for (let i = 0; i < battles; i++) resolveBattle(stats, enemy, mt, rng, out);
  const cpu = process.cpuUsage(started);
  return (cpu.user + cpu.system) / 1000;
}
