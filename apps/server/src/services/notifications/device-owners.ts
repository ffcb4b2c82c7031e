import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";

/** How often the set is read again (devices added on another process). */
const REFRESH_MS = 60_000;

/**
 * The players who have at least one push device, held in memory so the world tick can skip
 * the database for the many offline players who have none. Kept up to date by this process's
 * own device changes, and read whole again every minute for the others'. A player wrongly
 * in the set costs one query; one missing (a device added on another process within the last
 * minute) misses that tick's notification, so whispers, which may come from any process,
 * never rely on it.
 */
export class DeviceOwners {
  private owners = new Set<number>();
  private loaded = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((err) => this.log?.warn({ err }, "reading push device owners failed"));
    }, REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** False only when the player surely has no device (unknown counts as maybe). */
  mayHave(playerId: number): boolean {
    return !this.loaded || this.owners.has(playerId);
  }

  /** Everyone known to have a device (a world event tells them all). */
  ids(): number[] {
    return [...this.owners];
  }

  set(playerId: number, hasDevices: boolean): void {
    if (hasDevices) this.owners.add(playerId);
    else this.owners.delete(playerId);
  }

  async refresh(): Promise<void> {
    // Devices added while this read runs are kept (they are in `owners` already).
    const before = new Set(this.owners);
    const rows = resultRows<{ player_id: string | number }>(
      await this.db.execute(sql`select distinct player_id from notification_devices`),
    );
    const next = new Set(rows.map((r) => Number(r.player_id)));
    for (const id of this.owners) if (!before.has(id)) next.add(id);
    this.owners = next;
    this.loaded = true;
  }
}
