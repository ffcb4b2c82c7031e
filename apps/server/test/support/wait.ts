/**
 * Bounded waits. Each fails with what it waited for and for how long; the bounds are long
 * enough for a loaded 2-core machine (two test files at a time beside a PostgreSQL server), so
 * a failure means the condition never came, not that the machine was slow.
 */

/** Polls `condition` every 10 ms until it holds; fails after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean,
  timeoutMs = 15_000,
  what = describeCheck(condition),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls an async `condition` (a database read, say) until it holds; fails after `timeoutMs`. */
export async function waitForAsync(
  condition: () => Promise<boolean>,
  timeoutMs = 15_000,
  what = describeCheck(condition),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A wait's condition as its failure names it: its source on one line, at most 160 characters. */
export function describeCheck(check: () => unknown): string {
  const text = check.toString().replace(/\s+/g, " ").trim();
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
