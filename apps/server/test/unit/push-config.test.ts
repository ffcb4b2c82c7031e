import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_PUSH_ENDPOINT_HOSTS, loadConfig } from "../../src/config";
import { endpointError, subscriptionKeysError } from "../../src/services/notifications/endpoint";
import { cleanDeviceName } from "../../src/services/notifications/handlers";

const PUBLIC = `B${"A".repeat(86)}`;
const PRIVATE = "A".repeat(43);

describe("push configuration", () => {
  it("defaults to the big push services and a generated key pair", () => {
    const config = loadConfig({});
    expect(config.PUSH_ENDPOINT_HOSTS).toEqual(DEFAULT_PUSH_ENDPOINT_HOSTS);
    expect(config.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(config.COMMUNITY_CHAT_URL).toBeUndefined();
  });

  it("reads hosts, turns push off with a lone comma and wants both keys or neither", () => {
    expect(
      loadConfig({ PUSH_ENDPOINT_HOSTS: "push.example.org, 127.0.0.1" }).PUSH_ENDPOINT_HOSTS,
    ).toEqual(["push.example.org", "127.0.0.1"]);
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: "," }).PUSH_ENDPOINT_HOSTS).toEqual([]);
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: PRIVATE }).VAPID_PRIVATE_KEY,
    ).toBe(PRIVATE);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: PUBLIC })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: PRIVATE })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "someone" })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ COMMUNITY_CHAT_URL: "javascript:alert(1)" })).toThrow(
      /COMMUNITY_CHAT_URL/,
    );
    expect(
      loadConfig({ COMMUNITY_CHAT_URL: "https://chat.example.org/x" }).COMMUNITY_CHAT_URL,
    ).toBe("https://chat.example.org/x");
  });
});

describe("push endpoints", () => {
  const hosts = [...DEFAULT_PUSH_ENDPOINT_HOSTS, "127.0.0.1"];

  it("accepts the push services' https addresses and their subdomains", () => {
    expect(endpointError("https://fcm.googleapis.com/fcm/send/abc:def", hosts)).toBeNull();
    expect(endpointError("https://updates.push.services.mozilla.com/wpush/v2/x", hosts)).toBeNull();
    expect(endpointError("https://web.push.apple.com/QG", hosts)).toBeNull();
    expect(endpointError("http://127.0.0.1:4000/push/1", hosts)).toBeNull();
  });

  it("refuses other hosts, look-alikes, plain http to a name and credentials", () => {
    const outside = "This server does not send notifications to that push service.";
    expect(endpointError("https://evil.example/fcm.googleapis.com", hosts)).toBe(outside);
    expect(endpointError("https://fcm.googleapis.com.evil.example/x", hosts)).toBe(outside);
    expect(endpointError("https://notfcm.googleapis.com/x", hosts)).toBe(outside);
    expect(endpointError("http://10.0.0.1/x", hosts)).toBe(outside);
    expect(endpointError("http://fcm.googleapis.com/fcm/send/x", hosts)).toBe(
      "Push addresses must use https.",
    );
    expect(endpointError("https://user:pw@fcm.googleapis.com/x", hosts)).toBe(
      "That is not a push address.",
    );
    expect(endpointError("", hosts)).toBe("That is not a push address.");
    expect(endpointError("https://fcm.googleapis.com/x", [])).toBe(outside);
  });

  it("checks the subscription's keys", () => {
    const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
    const auth = Buffer.alloc(16, 1).toString("base64url");
    expect(subscriptionKeysError(p256dh, auth)).toBeNull();
    expect(subscriptionKeysError(`${p256dh}=`, auth)).toBeNull();
    expect(
      subscriptionKeysError(Buffer.alloc(65, 4).toString("base64url").replace(/^B/, "A"), auth),
    ).toMatch(/p256dh/);
    expect(subscriptionKeysError("not base64!", auth)).toMatch(/p256dh/);
    expect(subscriptionKeysError(p256dh, Buffer.alloc(15).toString("base64url"))).toMatch(/auth/);
  });

  it("cleans device names", () => {
    expect(cleanDeviceName("  Phone  ")).toBe("Phone");
    expect(cleanDeviceName("a\u202Eb\u0000c")).toBe("abc");
    expect(cleanDeviceName("Living room PC")).toBe("Living roo");
  });
});
