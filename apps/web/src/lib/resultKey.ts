const keys = new WeakMap<object, number>();
let next = 1;

/**
 * A number unique to one result object, for `key` props that replay an entrance
 * animation whenever a new battle or gathering result arrives.
 */
export function resultKey(result: object | null | undefined): number {
  if (!result) return 0;
  let key = keys.get(result);
  if (key === undefined) {
    key = next++;
    keys.set(result, key);
  }
  return key;
}
