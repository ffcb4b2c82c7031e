import { ChatChannel } from "@manaspire/game";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, players } from "../../src/db/schema";
import { ChatMutes } from "../../src/services/chat/moderation";
import {
  type ChatPlayer,
  chatPlayer,
  chatPlayerNamed,
  chatToast,
  setRole as grantRole,
  linesWith,
  lineText,
  marker as markAll,
} from "../support/chat";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

/** Chat moderation: roles (stored and granted by name), mutes, deleted lines. */
describe.each(testStores())("chat moderation on $kind", (factory) => {
  const suite = serverSuite(factory, {
    TICK_MS: "60000",
    // Roles granted by name, as an operator would.
    ADMIN_NAMES: "Env_Admin",
    MODERATOR_NAMES: "env_mod",
  });

  const connect = (token: string) => chatPlayer(suite.server, token);
  const named = (name: string) => chatPlayerNamed(suite.server, name);
  const toastFor = (p: ChatPlayer, text: string, channel?: 1 | 2 | 3 | 4 | 5 | 6 | 7) =>
    chatToast(suite.server, p, text, channel);
  const marker = (from: ChatPlayer, watchers: ChatPlayer[]) =>
    markAll(suite.server, from, watchers);
  const setRole = (p: ChatPlayer, role: 0 | 1 | 2) => grantRole(suite.server, p, role);

  it("lets an admin mute a player for a time and delete a line for everyone", async () => {
    const admin = await named("Lord_Admin");
    const mona = await named("Mona");
    const nora = await named("Nora");
    await setRole(admin, 2);

    expect(await toastFor(mona, "/mute Nora 5")).toBe("Only moderators and admins can use /mute.");
    expect(await toastFor(admin, "/mute Mona x")).toBe("Usage: /mute name minutes (1-525600)");
    const monaSince = mona.client.received.length;
    expect(await toastFor(admin, "/mute mona 5")).toBe("Mona is muted for 5 minutes.");
    expect((await mona.client.next("toast", () => true, { since: monaSince })).text).toBe(
      "A moderator muted you in chat for 5 minutes.",
    );
    expect(await toastFor(mona, "can I talk?", ChatChannel.General)).toBe(
      "You are muted for another 5 minutes.",
    );
    expect(await toastFor(mona, "/w Nora psst")).toBe("You are muted for another 5 minutes.");
    await marker(nora, [admin]);
    expect(linesWith(admin, "can I talk")).toEqual([]);

    admin.client.send("chat", { channel: ChatChannel.Global, text: "Server news" });
    const news = await nora.client.next("chatLine", (m) => lineText(m.entry) === "Server news");
    expect(news.entry).toMatchObject({ senderRole: 2, channel: ChatChannel.Global });

    expect(await toastFor(admin, "/unmute Mona")).toBe("Mona can talk again.");
    mona.client.send("chat", { channel: ChatChannel.General, text: "rude words" });
    const line = await nora.client.next("chatLine", (m) => lineText(m.entry) === "rude words");
    const id = line.entry.id;

    expect(await toastFor(nora, `/delete ${id}`)).toBe(
      "Only moderators and admins can use /delete.",
    );
    expect(await toastFor(admin, `/delete ${id}`)).toBe(`Message ${id} deleted.`);
    for (const p of [admin, mona, nora]) await p.client.next("chatDeleted", (m) => m.id === id);
    expect(await toastFor(admin, `/delete ${id}`)).toBe(`Message ${id} not found.`);
    const later = await connect(nora.token);
    expect(later.history.map((e) => e.id)).not.toContain(id);
    expect(later.history.map((e) => e.id)).toContain(news.entry.id);

    // A moderator cannot mute an admin; an admin cannot mute themselves.
    await setRole(nora, 1);
    expect(await toastFor(later, "/mute Lord_Admin 5")).toBe(
      "You cannot mute Lord_Admin: only players below your role.",
    );
    expect(await toastFor(admin, "/mute Lord_Admin 5")).toBe("You cannot mute yourself.");
    for (const p of [admin, mona, nora, later]) p.client.close();
  });

  it("tells each player their own role in the player state", async () => {
    const tess = await named("Tess");
    expect(tess.role).toBe(0);
    await setRole(tess, 1);
    expect((await connect(tess.token)).role).toBe(1);
    await setRole(tess, 2);
    expect((await connect(tess.token)).role).toBe(2);
    tess.client.close();
  });

  it("grants the roles of ADMIN_NAMES and MODERATOR_NAMES without storing them", async () => {
    const mod = await named("Env_Mod");
    const admin = await named("Env_Admin");
    const pat = await named("Pat");
    expect([mod.role, admin.role, pat.role]).toEqual([1, 2, 0]);
    const stored = await suite.server.database.db
      .select({ role: accounts.role })
      .from(accounts)
      .innerJoin(players, eq(players.accountId, accounts.id))
      .where(eq(players.name, "Env_Mod"));
    expect(stored).toEqual([{ role: 0 }]);

    // The granted roles count everywhere: Global, the staff commands, whom a mute may reach.
    mod.client.send("chat", { channel: ChatChannel.Global, text: "Be nice, everyone" });
    const line = await pat.client.next(
      "chatLine",
      (m) => lineText(m.entry) === "Be nice, everyone",
    );
    expect(line.entry.senderRole).toBe(1);
    expect(await toastFor(mod, "/mute Pat 3")).toBe("Pat is muted for 3 minutes.");
    expect(await toastFor(mod, "/mute Env_Admin 3")).toBe(
      "You cannot mute Env_Admin: only players below your role.",
    );
    expect(await toastFor(admin, "/mute Env_Mod 3")).toBe("Env_Mod is muted for 3 minutes.");
    expect(await toastFor(admin, "/unmute Env_Mod")).toBe("Env_Mod can talk again.");
    expect(await toastFor(mod, "/unmute Pat")).toBe("Pat can talk again.");
    for (const p of [mod, admin, pat]) p.client.close();
  });

  it("keeps a mute across a restart of the chat service's memory", async () => {
    const olga = await named("Olga");
    const admin = await named("Pia_Admin");
    await setRole(admin, 2);
    expect(await toastFor(admin, "/mute Olga 90")).toBe("Olga is muted for 1 hour 30 minutes.");
    // A fresh mute cache reads the persisted row.
    const fresh = new ChatMutes(suite.server.database.db);
    await fresh.load();
    expect(fresh.remainingMs(olga.id, Date.now())).toBeGreaterThan(89 * 60_000);
    for (const p of [olga, admin]) p.client.close();
  });
});
