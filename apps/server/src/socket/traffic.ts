/**
 * Socket messages in and out, counted per type (read by the metrics endpoint). Plain maps,
 * so counting costs a lookup and an add on the hot path and the socket code needs no metrics
 * library.
 */
export const messagesIn = new Map<string, number>();
export const messagesOut = new Map<string, number>();

export function countIn(type: string): void {
  messagesIn.set(type, (messagesIn.get(type) ?? 0) + 1);
}

export function countOut(type: string, n = 1): void {
  messagesOut.set(type, (messagesOut.get(type) ?? 0) + n);
}
