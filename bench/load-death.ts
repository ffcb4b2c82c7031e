/**
 * `npm run load`'s process death (LOAD_KILL): what it did to the killed process's clients and
 * to the others', each figure beside what it is measured against.
 */
import type { RecoveryFigures } from "./load-client";
import { percentile } from "./load-measure";

/** What a process death did (LOAD_KILL), with the survivors' delays before it. */
export interface Death {
  recovery: RecoveryFigures;
  /** Delays of the survivors' clients in the window before the kill. */
  before: number[];
  processes: number;
}

/** The process death's figures (LOAD_KILL), each beside what it is measured against. */
export function printDeath({ recovery: r, before, processes }: Death, killWindowMs: number): void {
  const ms = (v: number) => (Number.isNaN(v) ? "-" : `${Math.round(v).toLocaleString("en")} ms`);
  const p = (list: number[], q: number) => percentile(list, q);
  const within10 = r.back.filter((t) => t <= 10_000).length;
  console.log(
    `${"".padEnd(14)} process death (1 of ${processes} killed, SIGKILL): ${r.back.length} of its ${r.moved} clients playing again within ${killWindowMs / 1000} s, ${within10} within 10 s; from the kill: p50 ${ms(p(r.back, 50))}, p99 ${ms(p(r.back, 99))}, max ${ms(r.back[r.back.length - 1] ?? Number.NaN)}; ${r.reconnects} reconnects, ${r.refused} refused with 1013`,
  );
  const signedIn10 = r.signedIn.filter((t) => t <= 10_000).length;
  console.log(
    `${"".padEnd(14)} of them signed in again (loaded elsewhere): ${r.signedIn.length}, ${signedIn10} within 10 s; from the kill: p50 ${ms(p(r.signedIn, 50))}, p99 ${ms(p(r.signedIn, 99))}; the rest of "playing again" is the wait for their turn in the tick`,
  );
  const stayedP99 = p(r.stayed, 99);
  const beforeP99 = p(before, 99);
  console.log(
    `${"".padEnd(14)} the others' clients meanwhile: p99 ${ms(stayedP99)} against ${ms(beforeP99)} before the kill (${(stayedP99 / beforeP99).toFixed(2)}×), max ${ms(r.stayed[r.stayed.length - 1] ?? Number.NaN)}`,
  );
}
