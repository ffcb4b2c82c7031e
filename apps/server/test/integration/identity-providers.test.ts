import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, identities, oauthFlows } from "../../src/db/schema";
import { completionOf, OAuthBrowser } from "../support/oauth-browser";
import {
  startTestIdentityProvider,
  TEST_CLIENT,
  type TestIdentityProvider,
} from "../support/oidc-provider";
import {
  connect,
  guestPlayer,
  mark,
  namedPlayer,
  type Player,
  toastFor,
  uniqueName,
} from "../support/players";
import { api } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const PROVIDER = "testid";

describe.each(testStores())("identity providers on $kind", (factory) => {
  let idp: TestIdentityProvider;
  beforeAll(async () => {
    idp = await startTestIdentityProvider();
  });
  afterAll(async () => {
    await idp?.close();
  });

  const suite = serverSuite(factory, () => ({
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: PROVIDER,
        name: "Test ID",
        issuer: idp.issuer,
        clientId: TEST_CLIENT.id,
        clientSecret: TEST_CLIENT.secret,
      },
    ]),
  }));

  let host: string;
  beforeAll(() => {
    idp.allowRedirects([`${suite.server.url}/api/auth/callback/${PROVIDER}`]);
    host = new URL(suite.server.url).host;
  });

  const isCallback = (url: string) => url.startsWith(`${suite.server.url}/api/auth/callback/`);

  /** Runs a flow from a game address as `user` up to the provider's answer (not yet opened). */
  async function toCallback(
    browser: OAuthBrowser,
    path: string,
    user: string,
    deny = false,
    absolute = `${suite.server.url}${path}`,
  ) {
    idp.next.user = user;
    idp.next.deny = deny;
    const { url, res } = await browser.follow(absolute, isCallback);
    if (res)
      throw new Error(`the flow ended before the callback: ${(await completionOf(res)).data}`);
    return url;
  }

  /** A whole flow from a game address as `user`: what the completion page says. */
  async function flow(path: string, user: string, browser = new OAuthBrowser()) {
    const absolute = /^https?:/.test(path) ? path : `${suite.server.url}${path}`;
    const callback = await toCallback(browser, path, user, false, absolute);
    return completionOf((await browser.follow(callback)).res);
  }

  async function playerOf(token: string): Promise<Player> {
    return connect(suite.server, token);
  }

  it("offers exactly the configured providers", async () => {
    const res = await fetch(`${suite.server.url}/api/auth/providers`);
    expect(await res.json()).toEqual({
      providers: [{ id: PROVIDER, name: "Test ID" }],
      password: true,
      guest: true,
    });
    for (const path of [
      "/api/login/google",
      "/api/signup/discord?username=Somebody",
      "/api/login/x",
    ]) {
      const done = await completionOf(await new OAuthBrowser().get(`${suite.server.url}${path}`));
      expect(done.type, path).toBe("oauth-error");
      expect(done.data).toBe("That sign-in method is not offered on this server.");
      expect(done.next).toMatch(/^\/login\?message=That%20sign-in/);
    }
  });

  it("signs up with a name and a referrer, then signs in with the same identity", async () => {
    const referrer = await namedPlayer(suite.server, "Ref");
    const name = uniqueName("Sign");
    const user = `alice${Date.now()}`;
    const browser = new OAuthBrowser();
    const start = await browser.get(
      `${suite.server.url}/api/signup/${PROVIDER}?username=${name}&ref=${referrer.id}`,
    );
    // To the provider, with PKCE, state and nonce; the state also in an HttpOnly cookie.
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location") ?? "");
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    const state = authorize.searchParams.get("state") ?? "";
    expect(state.length).toBeGreaterThan(20);
    expect(start.headers.get("set-cookie")).toMatch(
      new RegExp(
        `^manaspire_oauth=${state}; Path=/api/auth/callback; Max-Age=600; HttpOnly; SameSite=Lax$`,
      ),
    );
    idp.next.user = user;
    const callback = (await browser.follow(authorize.href, isCallback)).url;
    const done = await completionOf((await browser.follow(callback)).res);
    expect(done.type).toBe("oauth-success");
    expect(done.next).toBe("/");
    const p = await playerOf(done.data);
    expect(p.name).toBe(name);
    expect(p.loaded.guest).toBe(false);
    const [account] = await suite.server.database.db
      .select({ referrerId: accounts.referrerId })
      .from(accounts)
      .where(eq(accounts.id, p.loaded.accountId));
    expect(account?.referrerId).toBe(referrer.id);
    p.client.send("listIdentities", {});
    const listed = await p.client.next("identities");
    expect(listed.guest).toBe(false);
    expect(listed.identities).toEqual([
      {
        provider: PROVIDER,
        providerId: user,
        email: `${user}@example.test`,
        createdAt: expect.any(Number),
      },
    ]);
    p.client.close();

    // Later, in another browser: sign in.
    const again = await flow(`/api/login/${PROVIDER}`, user);
    expect(again.type).toBe("oauth-success");
    const back = await playerOf(again.data);
    expect(back.id).toBe(p.id);
    back.client.close();
    // An identity nobody linked does not sign in, and creates nothing.
    const stranger = await flow(`/api/login/${PROVIDER}`, `bob${Date.now()}`);
    expect(stranger).toEqual({
      type: "oauth-error",
      data: "No mage is linked to this Test ID account yet. Choose Create account to start one.",
      next: `/login?message=${encodeURIComponent(stranger.data)}`,
    });
  });

  it("refuses a sign-up name that is invalid or taken before going to the provider", async () => {
    const taken = await namedPlayer(suite.server, "Taken");
    for (const [username, error] of [
      ["ab", "Name must be 3–20 letters."],
      ["Admin", "That name is reserved."],
      [taken.name.toUpperCase(), "That name is taken."],
    ]) {
      const res = await new OAuthBrowser().get(
        `${suite.server.url}/api/signup/${PROVIDER}?username=${encodeURIComponent(username ?? "")}`,
      );
      expect(await completionOf(res), username).toMatchObject({ type: "oauth-error", data: error });
    }
    taken.client.close();
  });

  it("refuses a callback with a wrong state, or from another browser, and changes nothing", async () => {
    const user = `carol${Date.now()}`;
    const name = uniqueName("State");
    const browser = new OAuthBrowser();
    const callback = await toCallback(browser, `/api/signup/${PROVIDER}?username=${name}`, user);
    const wrong = new URL(callback);
    wrong.searchParams.set("state", "forged-state-of-an-attacker");
    const refused = await completionOf(await browser.get(wrong.href));
    expect(refused.type).toBe("oauth-error");
    expect(refused.data).toBe(
      "This sign-in was started in another browser or has expired. Please try again.",
    );
    // Another browser (no state cookie) with the real answer: refused (login CSRF).
    const elsewhere = await completionOf(await new OAuthBrowser().get(callback));
    expect(elsewhere.data).toBe(refused.data);
    expect(await identityCount(user)).toBe(0);
    // The flow was not spent by the forgeries: the real answer in its own browser works.
    const done = await completionOf(await browser.get(callback));
    expect(done.type).toBe("oauth-success");
    expect(await identityCount(user)).toBe(1);
  });

  it("refuses a replayed answer and a replayed code", async () => {
    const user = `dave${Date.now()}`;
    await flow(`/api/signup/${PROVIDER}?username=${uniqueName("Replay")}`, user);
    const browser = new OAuthBrowser();
    const callback = await toCallback(browser, `/api/login/${PROVIDER}`, user);
    const state = new URL(callback).searchParams.get("state") ?? "";
    expect((await completionOf(await browser.get(callback))).type).toBe("oauth-success");
    // The same answer again, even with the state cookie put back: the flow is spent.
    browser.setCookie(host, "manaspire_oauth", state);
    const replay = await completionOf(await browser.get(callback));
    expect(replay).toMatchObject({
      type: "oauth-error",
      data: "This sign-in has expired or was already used. Please try again.",
    });
    // The old code inside a new flow of this browser: the provider refuses it.
    const fresh = new URL(await toCallback(browser, `/api/login/${PROVIDER}`, user));
    fresh.searchParams.set("code", new URL(callback).searchParams.get("code") ?? "");
    const reused = await completionOf(await browser.get(fresh.href));
    expect(reused).toMatchObject({
      type: "oauth-error",
      data: "Test ID could not confirm the sign-in. Please try again.",
    });
    const [left] = await suite.server.database.db
      .select({ state: oauthFlows.state })
      .from(oauthFlows)
      .where(eq(oauthFlows.state, state));
    expect(left).toBeUndefined();
  });

  it("reports a denied consent and creates nothing", async () => {
    const user = `erin${Date.now()}`;
    const browser = new OAuthBrowser();
    const callback = await toCallback(
      browser,
      `/api/signup/${PROVIDER}?username=${uniqueName("Deny")}`,
      user,
      true,
    );
    expect(new URL(callback).searchParams.get("error")).toBe("access_denied");
    const done = await completionOf(await browser.get(callback));
    expect(done).toEqual({
      type: "oauth-error",
      data: "You declined to sign in with Test ID.",
      next: `/login?message=${encodeURIComponent("You declined to sign in with Test ID.")}`,
    });
    expect(await identityCount(user)).toBe(0);
  });

  it("links an identity to a guest, who keeps the mage and can sign in with it", async () => {
    const guest = await guestPlayer(suite.server);
    expect(guest.loaded.guest).toBe(true);
    const user = `frank${Date.now()}`;
    const since = mark(guest);
    guest.client.send("linkIdentity", { provider: PROVIDER, returnTo: "/account" });
    const { url } = await guest.client.next("oauthRedirect", () => true, { since });
    // A one-time ticket, not the login token, is in the address.
    expect(url).toMatch(new RegExp(`^/api/link/${PROVIDER}\\?ticket=[\\w-]{43}$`));
    expect(url).not.toContain(guest.token);
    const done = await linkFlow(url, user, guest);
    expect(done.type).toBe("oauth-success");
    expect(done.next).toBe("/account");
    // The open screen hears it: no longer a guest, and the new list.
    await guest.client.next("playerUpdate", (m) => m.patch.guest === false, { since });
    const listed = await guest.client.next("identities", (m) => m.identities.length === 1, {
      since,
    });
    expect(listed.guest).toBe(false);
    expect(guest.loaded.guest).toBe(false);
    // The ticket was used once.
    const reused = await completionOf(await new OAuthBrowser().get(`${suite.server.url}${url}`));
    expect(reused.data).toBe("This link has expired. Please try again from the game.");
    const continued = `${suite.server.url}/api/link/${PROVIDER}/continue?${new URL(url, suite.server.url).searchParams}`;
    expect((await completionOf(await new OAuthBrowser().get(continued))).data).toBe(reused.data);
    // The identity now signs into the guest's mage.
    const signIn = await flow(`/api/login/${PROVIDER}`, user);
    const same = await playerOf(signIn.data);
    expect(same.id).toBe(guest.id);
    same.client.close();

    // Its only way to sign in cannot be removed…
    expect(
      await toastFor(guest, () =>
        guest.client.send("unlinkIdentity", { provider: PROVIDER, providerId: user }),
      ),
    ).toBe("That is your only way to sign in; link another one before removing it.");
    // …until there is another: a name and password are not offered to non-guests, so link a
    // second identity, then remove the first.
    const second = `frank2${Date.now()}`;
    const again = mark(guest);
    guest.client.send("linkIdentity", { provider: PROVIDER, returnTo: "/account" });
    const link2 = await guest.client.next("oauthRedirect", () => true, { since: again });
    expect((await linkFlow(link2.url, second, guest)).type).toBe("oauth-success");
    // The open screen hears of the second link before the first is removed (the link's page
    // answers before the owner's list reaches the socket).
    await guest.client.next("identities", (m) => m.identities.length === 2, { since: again });
    const removed = mark(guest);
    expect(
      await toastFor(guest, () =>
        guest.client.send("unlinkIdentity", { provider: PROVIDER, providerId: user }),
      ),
    ).toBe("Test ID sign-in removed.");
    // The link's second refresh (through the account events) may still bring the two-identity
    // list after the mark; the removal's list comes after it (refreshes of one account run in
    // order, account-refresh.ts).
    const after = await guest.client.next("identities", (m) => m.identities.length === 1, {
      since: removed,
    });
    expect(after.identities.map((i) => i.providerId)).toEqual([second]);
    expect((await flow(`/api/login/${PROVIDER}`, user)).type).toBe("oauth-error");
    // Someone else's identity is not ours to remove.
    expect(
      await toastFor(guest, () =>
        guest.client.send("unlinkIdentity", { provider: PROVIDER, providerId: "alice" }),
      ),
    ).toBe("That sign-in method is not linked to your account.");
    guest.client.close();
  });

  it("keeps an identity to one account", async () => {
    const owner = await namedPlayer(suite.server, "Own");
    const other = await namedPlayer(suite.server, "Oth");
    const user = `gina${Date.now()}`;
    for (const p of [owner, other]) {
      const since = mark(p);
      p.client.send("linkIdentity", { provider: PROVIDER, returnTo: "/settings" });
      const { url } = await p.client.next("oauthRedirect", () => true, { since });
      const done = await linkFlow(url, user, p);
      if (p === owner) expect(done.type).toBe("oauth-success");
      else {
        expect(done).toEqual({
          type: "oauth-error",
          data: "That Test ID account is already linked to another mage.",
          next: `/settings?error=${encodeURIComponent(done.data)}`,
        });
      }
    }
    expect(await identityCount(user)).toBe(1);
    // Unknown providers and a foreign page to return to.
    expect(
      await toastFor(other, () =>
        other.client.send("linkIdentity", { provider: "google", returnTo: "/" }),
      ),
    ).toBe("That sign-in method is not offered on this server.");
    const since = mark(other);
    other.client.send("linkIdentity", { provider: PROVIDER, returnTo: "//evil.example/x" });
    const { url } = await other.client.next("oauthRedirect", () => true, { since });
    const done = await linkFlow(url, `hank${Date.now()}`, other);
    expect(done.next).toBe("/");
    owner.client.close();
    other.client.close();
  });

  it("refuses a link address opened by a browser signed in to another account", async () => {
    const sender = await namedPlayer(suite.server, "Snd");
    const victim = await namedPlayer(suite.server, "Vic");
    const since = mark(sender);
    sender.client.send("linkIdentity", { provider: PROVIDER, returnTo: "/account" });
    const { url } = await sender.client.next("oauthRedirect", () => true, { since });
    // The victim's browser runs the check page: it sends the victim's token with the ticket.
    const browser = new OAuthBrowser();
    const ticket = await checkPageTicket(browser, url);
    const answer = await continueLink(browser, ticket, victim.token);
    expect(browser.cookie(host, "manaspire_oauth")).toBeUndefined();
    const refused = await completionOf(await browser.get(`${suite.server.url}${answer.url}`));
    expect(refused).toMatchObject({
      type: "oauth-error",
      data: "This link was made for another account. Sign in to your own account to link a sign-in method.",
    });
    // The ticket is gone: the sender cannot use it either.
    const gone = await continueLink(new OAuthBrowser(), ticket, sender.token);
    expect(gone.url).toBe(`/api/link/${PROVIDER}/continue?failed=noTicket`);
    sender.client.close();
    victim.client.close();
  });

  it("cannot be made to link a victim's identity to another account (a forged link flow)", async () => {
    const attacker = await namedPlayer(suite.server, "Atk");
    const victimUser = `victim${Date.now()}`;
    const ticketOf = async () => {
      const since = mark(attacker);
      attacker.client.send("linkIdentity", { provider: PROVIDER, returnTo: "/account" });
      const { url } = await attacker.client.next("oauthRedirect", () => true, { since });
      return new URL(url, suite.server.url).searchParams.get("ticket") ?? "";
    };
    // 1. The victim opens the continue address of the attacker's ticket (no check page).
    const ticket = await ticketOf();
    const victim = new OAuthBrowser();
    idp.next.user = victimUser;
    const direct = await victim.follow(
      `${suite.server.url}/api/link/${PROVIDER}/continue?ticket=${ticket}`,
      isCallback,
    );
    const ended = direct.res ?? (await victim.follow(direct.url)).res;
    expect((await completionOf(ended)).type).toBe("oauth-error");
    expect(await identityCount(victimUser)).toBe(0);
    // 2. The attacker continues with their own token and sends the victim the provider's
    // address: the flow is bound to the attacker's browser, not the victim's.
    const own = new OAuthBrowser();
    const started = await continueLink(own, await ticketOf(), attacker.token);
    expect(started.url.startsWith(idp.issuer)).toBe(true);
    const callback = await toCallback(victim, "", victimUser, false, started.url);
    expect(await completionOf((await victim.follow(callback)).res)).toMatchObject({
      type: "oauth-error",
      data: "This sign-in was started in another browser or has expired. Please try again.",
    });
    expect(await identityCount(victimUser)).toBe(0);
    // 3. Another site posts the attacker's token from the victim's browser: a form cannot send
    // JSON, and a script of another origin is refused.
    const forged = await ticketOf();
    const form = await victim.postJson(
      `${suite.server.url}/api/link/${PROVIDER}/continue`,
      `ticket=${forged}&token=${attacker.token}`,
      { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    );
    expect([403, 415]).toContain(form.status);
    const crossSite = await victim.postJson(
      `${suite.server.url}/api/link/${PROVIDER}/continue`,
      { ticket: forged, token: attacker.token },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect(victim.cookie(host, "manaspire_oauth")).toBeUndefined();
    // The victim's identity still signs into nothing.
    const signIn = await flow(`/api/login/${PROVIDER}`, victimUser);
    expect(signIn.type).toBe("oauth-error");
    attacker.client.close();
  });

  it("lets a guest claim a name and password, then sign in with them", async () => {
    const guest = await guestPlayer(suite.server);
    const name = uniqueName("Claim");
    const taken = await namedPlayer(suite.server, "Had");
    const cases: Array<[string, string, string]> = [
      [taken.name, "pass1234", "That name is taken."],
      ["Guest_abc", "pass1234", "That name is reserved."],
      [name, "short", "Password must be at least 8 characters."],
    ];
    for (const [claimName, password, error] of cases) {
      expect(
        await toastFor(guest, () =>
          guest.client.send("claimAccount", { name: claimName, password }),
        ),
      ).toBe(error);
    }
    expect(guest.loaded.guest).toBe(true);
    const since = mark(guest);
    expect(
      await toastFor(guest, () =>
        guest.client.send("claimAccount", { name, password: "pass1234" }),
      ),
    ).toBe(`Your mage is yours to keep: sign in as ${name} with your password.`);
    const update = await guest.client.next("playerUpdate", (m) => m.patch.name === name, { since });
    expect(update.patch.guest).toBe(false);
    const login = await api(suite.server, "/api/auth/login", {
      username: name,
      password: "pass1234",
    });
    expect(login.status).toBe(200);
    const back = await playerOf(login.body.token ?? "");
    expect(back.id).toBe(guest.id);
    // Once is enough; named accounts have nothing to claim.
    expect(
      await toastFor(guest, () =>
        guest.client.send("claimAccount", { name: uniqueName("Again"), password: "pass1234" }),
      ),
    ).toBe("Your account already has a way to sign in.");
    expect(
      await toastFor(taken, () =>
        taken.client.send("claimAccount", { name: uniqueName("Named"), password: "pass1234" }),
      ),
    ).toBe("Your account already has a way to sign in.");
    for (const p of [guest, taken, back]) p.client.close();
  });

  /** Opens a link address's check page in `browser`; the ticket it sends. */
  async function checkPageTicket(browser: OAuthBrowser, url: string): Promise<string> {
    const res = await browser.get(`${suite.server.url}${url}`);
    const page = await res.text();
    const ticket = /ticket: ("[\w-]{43}")/.exec(page)?.[1];
    if (!ticket) throw new Error(`not a link check page: ${page.slice(0, 200)}`);
    return JSON.parse(ticket) as string;
  }

  /** What the check page's script does: POST the ticket with the browser's token. */
  async function continueLink(browser: OAuthBrowser, ticket: string, token: string) {
    const res = await browser.postJson(`${suite.server.url}/api/link/${PROVIDER}/continue`, {
      ticket,
      token,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { url: string };
  }

  /**
   * A link address opened in the browser of `signedIn`: its check page sends that player's
   * token with the ticket, and the browser goes where the server says.
   */
  async function linkFlow(
    url: string,
    user: string,
    signedIn: Player,
    browser = new OAuthBrowser(),
  ) {
    const ticket = await checkPageTicket(browser, url);
    const next = await continueLink(browser, ticket, signedIn.token);
    return flow(next.url, user, browser);
  }

  async function identityCount(subject: string): Promise<number> {
    const rows = await suite.server.database.db
      .select({ id: identities.id })
      .from(identities)
      .where(and(eq(identities.provider, PROVIDER), eq(identities.providerId, subject)));
    return rows.length;
  }
});
