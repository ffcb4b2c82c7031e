import { describe, expect, it } from "vitest";
import { oauthResultOf } from "./oauthPopup";
import { parseSignInMethods } from "./signInProviders";

describe("oauthResultOf", () => {
  it("reads the spec's two window messages", () => {
    expect(oauthResultOf({ type: "oauth-success", data: "a.b.c" })).toEqual({
      type: "oauth-success",
      data: "a.b.c",
    });
    expect(oauthResultOf({ type: "oauth-error", data: "Denied", id: "x" })).toEqual({
      type: "oauth-error",
      data: "Denied",
    });
  });

  it("ignores every other message", () => {
    for (const data of [
      null,
      "oauth-success",
      { type: "oauth-success" },
      { ack: "x" },
      { type: "other", data: "t" },
    ]) {
      expect(oauthResultOf(data)).toBeNull();
    }
  });
});

describe("parseSignInMethods", () => {
  it("keeps well-formed providers only", () => {
    expect(
      parseSignInMethods({
        providers: [{ id: "google", name: "Google" }, { id: 3 }, "x"],
        password: true,
        guest: true,
      }),
    ).toEqual({ providers: [{ id: "google", name: "Google" }], password: true, guest: true });
    expect(parseSignInMethods(null)).toEqual({ providers: [], password: true, guest: true });
  });
});
