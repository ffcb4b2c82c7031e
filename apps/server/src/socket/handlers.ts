import type { ClientMessageName, ClientPayload } from "@manaspire/protocol";
import type { LoadedPlayer } from "../world/loaded-player";
import type { Connection } from "./connection";

export interface HandlerContext {
  conn: Connection;
  player: LoadedPlayer;
}

export type Handler<K extends ClientMessageName> = (
  ctx: HandlerContext,
  data: ClientPayload<K>,
) => void | Promise<void>;

/** One function per client message a feature service answers. */
export type Handlers = { [K in ClientMessageName]?: Handler<K> };

/** A refusal the player should read: its message becomes a toast and nothing changes. */
export class GameError extends Error {
  override name = "GameError";
}

/**
 * Combines the handler sets of several features. When more than one answers the same
 * message (e.g. `hydrate`), they run in the order given, each after the previous finished.
 */
export function mergeHandlers(...sets: Handlers[]): Handlers {
  // biome-ignore lint/suspicious/noExplicitAny: each entry keeps its own message's payload type
  const merged: Record<string, Handler<any>> = {};
  for (const set of sets) {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    for (const [type, handler] of Object.entries(set) as Array<[string, Handler<any>]>) {
      const before = merged[type];
      merged[type] = before
        ? async (ctx, data) => {
            await before(ctx, data);
            await handler(ctx, data);
          }
        : handler;
    }
  }
  return merged as Handlers;
}
