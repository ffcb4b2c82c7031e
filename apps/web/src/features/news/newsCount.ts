/**
 * How many entries `newsEntries.ts` has: the menu's red dot needs only the count, so the
 * news texts stay out of the first load. `newsCount.test.ts` fails when they differ.
 */
export const NEWS_COUNT = 7;
