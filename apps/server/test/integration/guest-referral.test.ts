import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import { connect, mark, namedPlayer, uniqueName } from "../support/players";
import { api } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

/**
 * A guest who came by a `?ref=` link (issue 31): the guest's account records the referrer at
 * creation (POST /api/auth/guest `{ ref }`, as /api/auth/register takes it), and keeping the
 * mage with a name and password keeps it (the referrer's share of the referee's shards and
 * purchases reads accounts.referrer_id).
 */
describe.each(testStores())("a referred guest on $kind", (factory) => {
  // No ticks: a level-up's toast does not come between.
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  async function referrerOf(playerId: number) {
    const [row] = resultRows<{ referrer_id: string | number | null; guest: boolean }>(
      await suite.server.database.db.execute(sql`
        select a.referrer_id, a.guest from accounts a join players p on p.account_id = a.id
        where p.id = ${playerId}`),
    );
    return {
      referrer: row?.referrer_id == null ? null : Number(row.referrer_id),
      guest: row?.guest,
    };
  }

  async function guestWith(body: unknown) {
    const res = await api(suite.server, "/api/auth/guest", body);
    if (!res.body.token) throw new Error(`guest sign-up failed: ${JSON.stringify(res.body)}`);
    return connect(suite.server, res.body.token);
  }

  it("records the referrer of a guest and keeps it when the mage is kept", async () => {
    const referrer = await namedPlayer(suite.server, "Inviter");
    const guest = await guestWith({ ref: referrer.id });
    expect(await referrerOf(guest.id)).toEqual({ referrer: referrer.id, guest: true });
    expect(guest.loaded.referrerId).toBe(referrer.id);

    const name = uniqueName("Kept");
    const since = mark(guest);
    guest.client.send("claimAccount", { name, password: "pass1234" });
    await guest.client.next("toast", (t) => t.text.startsWith("Your mage is yours to keep"), {
      since,
    });
    expect(await referrerOf(guest.id)).toEqual({ referrer: referrer.id, guest: false });
    guest.client.close();
    referrer.client.close();
  });

  it("takes the ref as a string too, and ignores one that names nobody or is not a number", async () => {
    const referrer = await namedPlayer(suite.server, "Inviter");
    const byString = await guestWith({ ref: String(referrer.id) });
    expect((await referrerOf(byString.id)).referrer).toBe(referrer.id);
    for (const body of [{}, { ref: 987_654_321 }, { ref: "abc" }, { ref: -3 }]) {
      const g = await guestWith(body);
      expect((await referrerOf(g.id)).referrer, JSON.stringify(body)).toBeNull();
      g.client.close();
    }
    byString.client.close();
    referrer.client.close();
  });
});
