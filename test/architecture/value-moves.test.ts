import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { root, trackedSources } from "./source-files";

/**
 * One way to move value (issue 26; docs/decisions/2026-11-28-one-transaction-api.md): outside
 * the store's own folder, nothing claims players, commits their state or hands a credit to its
 * receiver by hand. Every feature calls `store.transact(move)`, which does all three in order.
 */
const PRIMITIVES: ReadonlyArray<[RegExp, string]> = [
  [/\.commit\(/, "commits players' state"],
  [/\.commitAlone\(/, "commits players' state alone"],
  [/\.exclusive\(/, "serialises with every write"],
  [/\.holding\(/, "claims players"],
  [/\binbox\.deliver\(|\.deliverCredit\b/, "delivers a credit by hand"],
];

/**
 * Credits the world mints (no player gives the value up), each announced with
 * `inbox.arrived` after its own transaction: a cleared guild floor's rewards, an event's
 * prizes, a paid purchase. Any other credit is recorded through a move's `credit`.
 */
const WORLD_MINTED = new Set([
  "apps/server/src/services/guild-dungeons/floor-store.ts",
  "apps/server/src/services/events/event-scheduler.ts",
  "apps/server/src/services/premium/purchase-store.ts",
]);

const features = trackedSources("apps/server/src").filter(
  (f) => !f.startsWith("apps/server/src/world/"),
);

const lines = (file: string) =>
  readFileSync(path.join(root, file), "utf8")
    .split("\n")
    .map((text, i) => ({ text, at: `${file}:${i + 1}` }))
    .filter(({ text }) => !/^\s*(\*|\/\/)/.test(text));

it("moves value only through store.transact: no feature calls the store's primitives", () => {
  const found = features.flatMap((file) =>
    lines(file).flatMap(({ text, at }) =>
      PRIMITIVES.filter(([re]) => re.test(text)).map(([, what]) => `${at} ${what}`),
    ),
  );
  expect(found).toEqual([]);
});

it("records a credit only through a move, or where the world mints it", () => {
  const found = features
    .filter((file) => !WORLD_MINTED.has(file))
    .flatMap((file) =>
      lines(file)
        .filter(({ text }) => /\binsertCredits?\(/.test(text))
        .map(({ at }) => at),
    );
  expect(found).toEqual([]);
  for (const file of WORLD_MINTED) expect(features).toContain(file);
});
