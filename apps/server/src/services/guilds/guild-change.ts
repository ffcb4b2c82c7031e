import type { Db } from "../../db/client";
import type { Runner } from "../../db/runner";
import type { CreditInbox } from "../../world/credit-inbox";
import type { LoadedPlayer } from "../../world/loaded-player";
import type { PlayerStore } from "../../world/player-store";
import type { GuildService } from "./guild-service";
import { type Actor, lockActor } from "./guild-store";

export interface GuildDeps {
  db: Db;
  store: PlayerStore;
  inbox: CreditInbox;
  guilds: GuildService;
}

export const NOT_IN_GUILD_TEXT = "You are not in a guild.";

/** A unique index refused the write (a guild name taken at the same moment). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === "23505") return true;
  }
  return /duplicate key|unique/i.test(String((err as Error)?.message ?? ""));
}

/**
 * Runs a guild change in one transaction that locks the caller's membership first (`work`
 * gets the actor); after it commits, the guild's members are refreshed (with the membership
 * changes `membership` names).
 */
export function guildChange(deps: Pick<GuildDeps, "db" | "guilds">) {
  return async function change<T>(
    p: LoadedPlayer,
    work: (tx: Runner, actor: Actor) => Promise<T>,
    membership: (actor: Actor, value: T) => ReadonlyArray<[number, number | undefined]> = () => [],
  ): Promise<T> {
    let actor: Actor | undefined;
    const value = await deps.db.transaction(async (tx) => {
      actor = await lockActor(tx, p.id);
      return work(tx, actor);
    });
    if (actor) deps.guilds.changed(actor.guildId, membership(actor, value));
    return value;
  };
}
