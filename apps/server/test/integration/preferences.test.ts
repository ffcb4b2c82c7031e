import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { players } from "../../src/db/schema";
import { connect, mark, namedPlayer, toastFor } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

/** `updatePreferences(full object)`: checked by the server, kept per player, in every tab. */
describe.each(testStores())("preferences on $kind", (factory) => {
  const suite = serverSuite(factory, {
    TICK_MS: "60000",
    COMMUNITY_CHAT_URL: "https://chat.example.org/invite/abc",
  });

  const defaults = {
    autoJoinElementalRift: true,
    autoSiphonRiftOfPower: 0,
    autoDisenchant: 0 as const,
    blockEnchants: false,
    autoCollectFarm: false,
  };

  it("saves a valid change, tells every tab and keeps it after a reload", async () => {
    const p = await namedPlayer(suite.server, "Pref");
    const tab2 = await connect(suite.server, p.token);
    const since = mark(tab2);
    p.client.send("updatePreferences", {
      preferences: { ...defaults, autoDisenchant: 2, blockEnchants: true },
    });
    const update = await tab2.client.next(
      "playerUpdate",
      (u) => u.patch.preferences !== undefined,
      {
        since,
      },
    );
    expect(update.patch.preferences).toEqual({
      ...defaults,
      autoDisenchant: 2,
      blockEnchants: true,
    });

    // Saved with the next flush; a new connection reads it back.
    let saved: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) {
      const [row] = await suite.server.database.db
        .select()
        .from(players)
        .where(eq(players.id, p.id));
      saved = row?.preferences ?? {};
      if (saved.blockEnchants === true) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(saved).toMatchObject({ autoDisenchant: 2, blockEnchants: true });
    p.client.close();
    tab2.client.close();
    const again = await connect(suite.server, p.token);
    const { player } = await again.client.next("playerState");
    expect(player.preferences).toEqual({ ...defaults, autoDisenchant: 2, blockEnchants: true });
    again.client.close();
  });

  it("refuses an auto siphon count over 2 digits and QoL preferences without QoL", async () => {
    const p = await namedPlayer(suite.server, "Bad");
    const refusals = [
      [{ autoSiphonRiftOfPower: 100 }, "Auto siphon takes a whole number from 0 to 99."],
      [
        { autoSiphonRiftOfPower: 5 },
        "Auto siphon Rift of Power needs Quality of Life; get it in the Premium shop.",
      ],
      [
        { autoJoinElementalRift: false },
        "Auto join Elemental Rift needs Quality of Life; get it in the Premium shop.",
      ],
      [
        { autoCollectFarm: true },
        "Auto collect farm needs Quality of Life; get it in the Premium shop.",
      ],
    ] as const;
    for (const [change, text] of refusals) {
      const since = mark(p);
      expect(
        await toastFor(p, () =>
          p.client.send("updatePreferences", { preferences: { ...defaults, ...change } }),
        ),
      ).toBe(text);
      // The preferences as kept come back, so a screen that showed the change can undo it.
      const kept = await p.client.next("playerUpdate", (u) => u.patch.preferences !== undefined, {
        since,
      });
      expect(kept.patch.preferences).toEqual(defaults);
    }
    expect(p.loaded.preferences).toEqual({});
  });

  it("sends the community chat address after hydrate", async () => {
    const p = await namedPlayer(suite.server, "Lnk");
    const links = await p.client.next("serverLinks");
    expect(links.communityChatUrl).toBe("https://chat.example.org/invite/abc");
    p.client.close();
  });
});
