import { BOSS_HEALTH_PER_PLAYER, RiftType } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { until } from "../support/cluster";
import { addEvent, eventRow, moveEvent, participants, stepEvents } from "../support/events";
import { namedPlayer } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const HOUR = 3_600_000;

/**
 * An Elemental Rift's first boss is sized by the players in its queue when it starts (issue 31;
 * docs/game-rules.md "Elemental Rift"), at most ELEMENTAL_RIFT_BOSS_HEALTH: a world of a few
 * players meets a boss it can defeat, not the 5,000,000 of a big world.
 */
describe.each(testStores())("the rift's boss by players joined on $kind", (factory) => {
  // The default ELEMENTAL_RIFT_BOSS_HEALTH (5,000,000) is the cap.
  const suite = serverSuite(factory, { EVENT_POLL_MS: "100" });
  const db = () => suite.server.database.db;

  it("gives three queued players a first boss of 3 x 40,000, shown to them", async () => {
    const players = await Promise.all(
      ["Sizea", "Sizeb", "Sizec"].map((n) => namedPlayer(suite.server, n)),
    );
    const id = await addEvent(db(), RiftType.ElementalRift, {
      queueIn: -1000,
      startsIn: HOUR,
      endsIn: 2 * HOUR,
    });
    await stepEvents(suite.server);
    for (const p of players) {
      p.client.send("eventJoin", {});
      await p.client.next("eventState", (s) => s.joined);
    }
    // The queue is saved with the players (the flush).
    await until(async () => (await participants(db(), id)).size === 3, 10_000);

    await moveEvent(db(), id, { startsIn: -10, endsIn: HOUR });
    await stepEvents(suite.server);
    const row = await eventRow(db(), id);
    expect(Number(row.boss_base_health)).toBe(3 * BOSS_HEALTH_PER_PLAYER);
    expect(Number(row.boss_health)).toBe(120_000);
    const shown = await players[0]!.client.next("elementalRift", (r) => r.state.bossNumber === 1);
    expect(shown.state.bossMaxHealth).toBe(120_000);
    for (const p of players) p.client.close();
  });
});
