import type { Runner } from "../db/runner";
import { type Credit, insertCredit, insertCredits } from "./credits";
import type { OwnedItem } from "./inventory";
import type { LoadedPlayer } from "./loaded-player";

/** A credit as `work` records it (the table gives it its id). */
export type NewCredit = Omit<Credit, "id">;

/**
 * Records value for a receiver, in the move's transaction; the receiver's owner applies it
 * after the commit (`item`: the moved item, for a receiver loaded here).
 */
export interface CreditWriter {
  (c: NewCredit, item?: OwnedItem): Promise<Credit>;
  /** Many credits in one statement (a market batch's counterparties). */
  many(list: readonly NewCredit[]): Promise<Credit[]>;
}

/**
 * A move of value between players (docs/decisions/2026-11-28-one-transaction-api.md): the
 * senders' memory gives the value up, one transaction writes the move with the senders' whole
 * unsaved state, and only after the commit do the receivers get their credits.
 */
export interface Move<T> {
  /**
   * Whose whole unsaved state commits with the move; pinned in memory until it ends. None
   * when the value comes from shared state only (a guild's armory recalling its loans).
   */
  players: readonly LoadedPlayer[];
  /**
   * "serial" (the default): after every other write of the process and before the next one.
   * "alone": after the earlier writes of these players only, so moves of different players
   * run side by side on the pool (a market order).
   */
  order?: "serial" | "alone";
  /** Serial moves only (an alone move refuses it): checks first, may read the database. */
  check?: () => Promise<void> | void;
  /**
   * The senders' memory gives the value up, right before their state is taken (an alone move
   * runs it once their earlier writes are done). Throws to refuse, having changed nothing.
   */
  take?: () => void;
  /** Puts `take`'s change back when the transaction fails, before a later write takes it. */
  undo?: () => void;
  /** The move's rows, in the transaction; `credit` records value for a receiver. */
  work: (tx: Runner, credit: CreditWriter) => Promise<T>;
  /** Right after the commit, before anything else writes the players. */
  committed?: (value: T) => void;
  /** Take the players' state after `work` (what `work` put in their memory commits with it). */
  stateLast?: boolean;
}

/** What `transact` needs of the store (player-store.ts). */
export interface MoveStore {
  exclusive<R>(fn: () => Promise<R>): Promise<R>;
  commit<R>(
    players: readonly LoadedPlayer[],
    work: (tx: Runner) => Promise<R>,
  ): Promise<{ value: R }>;
  commitAlone<R>(
    players: readonly LoadedPlayer[],
    work: (tx: Runner) => Promise<R>,
    hooks: {
      prepare?: () => void;
      undo?: () => void;
      committed?: (value: R) => void;
      stateLast?: boolean;
    },
  ): Promise<{ value: R }>;
  /** Applies a committed credit to its receiver when loaded here (the credit inbox). */
  deliverCredit: (credit: Credit, item?: OwnedItem) => void;
}

/** Runs a move (see `Move`); resolves to what `work` returned. */
export async function transact<T>(store: MoveStore, move: Move<T>): Promise<T> {
  const { players } = move;
  let recorded: Array<{ credit: Credit; item?: OwnedItem }> = [];
  const work = (tx: Runner) => {
    recorded = [];
    const credit: CreditWriter = Object.assign(
      async (c: NewCredit, item?: OwnedItem) => {
        const made = await insertCredit(tx, c);
        recorded.push({ credit: made, item });
        return made;
      },
      {
        many: async (list: readonly NewCredit[]) => {
          const made = await insertCredits(tx, list);
          for (const c of made) recorded.push({ credit: c });
          return made;
        },
      },
    );
    return move.work(tx, credit);
  };
  const deliver = (value: T) => {
    move.committed?.(value);
    for (const { credit, item } of recorded) store.deliverCredit(credit, item);
  };
  if (move.order === "alone" && move.check) {
    // An alone move's checks belong in `take`, which runs under the players' claims.
    throw new Error("an alone move checks in take, not check");
  }
  for (const p of players) p.busy++;
  try {
    if (move.order === "alone") {
      const { value } = await store.commitAlone(players, work, {
        prepare: move.take,
        undo: move.undo,
        committed: deliver,
        stateLast: move.stateLast,
      });
      return value;
    }
    return await store.exclusive(async () => {
      await move.check?.();
      move.take?.();
      let value: T;
      try {
        ({ value } = await store.commit(players, work));
      } catch (err) {
        move.undo?.();
        throw err;
      }
      deliver(value);
      return value;
    });
  } finally {
    for (const p of players) p.busy--;
  }
}

/**
 * Runs `fn` with the players pinned in memory: not evicted or handed over meanwhile (an order
 * waiting for its batch). `transact` pins its players itself.
 */
export async function pinned<T>(
  players: readonly LoadedPlayer[],
  fn: () => Promise<T>,
): Promise<T> {
  for (const p of players) p.busy++;
  try {
    return await fn();
  } finally {
    for (const p of players) p.busy--;
  }
}
