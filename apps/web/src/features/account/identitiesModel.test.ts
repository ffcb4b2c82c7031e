import { describe, expect, it } from "vitest";
import { canRemove, identityDetail, identityLabel, linkedOn } from "./identitiesModel";

const offered = [
  { id: "google", name: "Google" },
  { id: "keycloak", name: "Guild SSO" },
];

describe("identities model", () => {
  it("names methods by the server's names", () => {
    expect(identityLabel("local", offered)).toBe("Name and password");
    expect(identityLabel("keycloak", offered)).toBe("Guild SSO");
    // A provider the operator stopped offering still shows.
    expect(identityLabel("twitch", offered)).toBe("Twitch");
  });

  it("shows the e-mail address, else the provider's id", () => {
    const base = { provider: "google", providerId: "1234", createdAt: 0 };
    expect(identityDetail({ ...base, email: "ann@example.test" })).toBe("ann@example.test");
    expect(identityDetail(base)).toBe("Account 1234");
    expect(identityDetail({ provider: "local", providerId: "merlin", createdAt: 0 })).toBe(
      "Signs in as merlin",
    );
  });

  it("dates the link and never offers to remove the last method", () => {
    expect(linkedOn(Date.UTC(2025, 5, 3, 12) / 1000, "en-GB")).toBe("Linked 3 Jun 2025");
    const one = [{ provider: "google", providerId: "1", createdAt: 0 }];
    expect(canRemove(one)).toBe(false);
    expect(canRemove([...one, { provider: "local", providerId: "m", createdAt: 0 }])).toBe(true);
  });
});
