import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { players } from "../db/schema";
import type { Sessions } from "../socket/sessions";
import type { PlayerStore } from "../world/player-store";
import type { IdentityService } from "./identities";
import { SerialByKey } from "./serial-by-key";

/**
 * Brings a loaded player up to date after its account changed (an identity linked or
 * removed, a guest that claimed a name): its name and guest flag in memory, and on its open
 * screens a `playerUpdate` and the new `identities` list. Runs on the process that made the
 * change at once, and on every process through the account events (AccountChanged).
 */
export class AccountRefresh {
  constructor(
    private readonly db: Db,
    private readonly store: PlayerStore,
    private readonly sessions: Sessions,
    private readonly identities: () => IdentityService,
  ) {}

  /** Each account's refreshes, one after another. */
  private readonly running = new SerialByKey<number>();

  /**
   * Refreshes the account's loaded players. One account's refreshes run one after another:
   * a change is refreshed twice (at once, and again through the account events), and a
   * refresh that read the list before a later change could otherwise send it after that
   * change's own, leaving the open screen with the older list (identity-providers.test saw a
   * two-identity list after the removal, CI 2026-11-29).
   */
  refresh(accountId: number): Promise<void> {
    return this.running.run(accountId, () => this.refreshNow(accountId));
  }

  private async refreshNow(accountId: number): Promise<void> {
    const held = [...this.store.loaded.values()].filter((p) => p.accountId === accountId);
    if (held.length === 0) return;
    const list = await this.identities().list(accountId);
    for (const p of held) {
      const [row] = await this.db
        .select({ name: players.name })
        .from(players)
        .where(eq(players.id, p.id));
      if (!row) continue;
      // The name is not one of the flushed columns: the database row is the truth.
      p.name = row.name;
      p.guest = list.guest;
      this.sessions.send(p.id, "playerUpdate", { patch: { name: p.name, guest: p.guest } });
      this.sessions.send(p.id, "identities", list);
    }
  }
}
