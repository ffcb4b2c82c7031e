import type { Db } from "../../db/client";
import type { Runner } from "../../db/runner";
import type { CreditInbox } from "../../world/credit-inbox";
import type { LoadedPlayer } from "../../world/loaded-player";
import type { PlayerStore } from "../../world/player-store";
import type { CreditWriter } from "../../world/transact";
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
 * gets the actor, and `credit` for value the guild's records give a member: a loan recalled);
 * after it commits, the credits are delivered and the guild's members are refreshed (with the
 * membership changes `membership` names). No player's memory moves, so the move names none.
 */
export function guildChange(deps: Pick<GuildDeps, "store" | "guilds">) {
  return async function change<T>(
    p: LoadedPlayer,
    work: (tx: Runner, actor: Actor, credit: CreditWriter) => Promise<T>,
    membership: (actor: Actor, value: T) => ReadonlyArray<[number, number | undefined]> = () => [],
  ): Promise<T> {
    let actor: Actor | undefined;
    const value = await deps.store.transact({
      players: [],
      order: "alone",
      work: async (tx, credit) => {
        actor = await lockActor(tx, p.id);
        return work(tx, actor, credit);
      },
    });
    if (actor) deps.guilds.changed(actor.guildId, membership(actor, value));
    return value;
  };
}
