/**
 * Type-level tests. `npx tsc -p packages/protocol` checks them: every `@ts-expect-error` must
 * hide a real error (an unused one fails the build) and `expectTypeOf` must agree. At run time
 * the wrong payloads are also refused by the encoder where the wire format can tell.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type ClientMessage,
  type ClientMessageName,
  type ClientPayload,
  clientProtocol,
  type Infer,
  type PlayerPatch,
  type PlayerState,
  ProtocolError,
  type ServerMessageName,
  type ServerPayload,
  serverProtocol,
  t,
} from "../src/index";

const refused = (fn: () => unknown) => expect(fn).toThrow(ProtocolError);

describe("encode payload types", () => {
  it("accepts exactly the declared payloads", () => {
    clientProtocol.encode("selectEnemy", { zone: 2, enemy: 10 });
    clientProtocol.encode("selectEnemy", { zone: 2, enemy: 10, magicType: 3 });
    clientProtocol.encode("heartbeat", {});
    serverProtocol.encode("toast", { text: "hi" });
    serverProtocol.encode("playerUpdate", { patch: { name: "Ann", zone: 5 } });
  });

  it("rejects a missing required field", () => {
    // @ts-expect-error enemy is required
    refused(() => clientProtocol.encode("selectEnemy", { zone: 2 }));
    // @ts-expect-error text is required
    refused(() => serverProtocol.encode("toast", {}));
  });

  it("rejects a field of the wrong type", () => {
    // @ts-expect-error enemy is a number
    refused(() => clientProtocol.encode("selectEnemy", { zone: 2, enemy: "10" }));
    // @ts-expect-error trusted is a boolean
    refused(() => clientProtocol.encode("refreshActions", { trusted: 1 }));
    // @ts-expect-error ids is an array of numbers
    refused(() => clientProtocol.encode("getItems", { ids: ["1"] }));
  });

  it("rejects an unknown message name", () => {
    // @ts-expect-error no such client message
    refused(() => clientProtocol.encode("teleport", {}));
    // @ts-expect-error toast is server-to-client only
    refused(() => clientProtocol.encode("toast", { text: "hi" }));
  });

  it("rejects an extra unknown field", () => {
    // Extra fields are dropped on the wire, so only the type checker can catch them.
    // @ts-expect-error cheat is not a field of petUnlock
    clientProtocol.encode("petUnlock", { petType: 1, cheat: true });
  });

  it("rejects a string for an enum and a literal outside the enum", () => {
    // @ts-expect-error zone is a number enum, not a name
    refused(() => clientProtocol.encode("selectEnemy", { zone: "grove", enemy: 1 }));
    // @ts-expect-error magicType is 1 | 2 | 3
    refused(() => clientProtocol.encode("selectEnemy", { zone: 1, enemy: 1, magicType: 4 }));
    // @ts-expect-error zone is 1 | 2 | 3 | 4 | 5
    refused(() => clientProtocol.encode("selectEnemy", { zone: 0, enemy: 1 }));
    const trade = { lootId: 1, quantity: 1, unitPrice: 1 };
    // @ts-expect-error side is 1 (buy) | 2 (sell)
    refused(() => serverProtocol.encode("marketTrade", { side: 3, ...trade }));
  });
});

describe("decoded payload types", () => {
  it("narrows on type and gives each field its declared type", () => {
    const message = clientProtocol.decode(
      clientProtocol.encode("selectEnemy", { zone: 1, enemy: 2 }),
    );
    expectTypeOf(message).toEqualTypeOf<ClientMessage>();
    if (message.type !== "selectEnemy") throw new Error("expected selectEnemy");
    expectTypeOf(message.data.magicType).toEqualTypeOf<1 | 2 | 3 | undefined>();
    expectTypeOf(message.data.zone).toEqualTypeOf<1 | 2 | 3 | 4 | 5>();
    expectTypeOf(message.data.enemy).toEqualTypeOf<number>();
    expectTypeOf(message.data).toEqualTypeOf<{
      zone: 1 | 2 | 3 | 4 | 5;
      enemy: number;
      magicType?: 1 | 2 | 3;
    }>();
    expect(message.data).toEqual({ zone: 1, enemy: 2 });
  });

  it("types every payload from its declaration", () => {
    expectTypeOf<ServerPayload<"toast">>().toEqualTypeOf<{ text: string }>();
    expectTypeOf<ClientPayload<"heartbeat">>().toEqualTypeOf<Record<never, never>>();
    expectTypeOf<ClientPayload<"chat">>().toEqualTypeOf<{
      channel?: 1 | 2 | 3 | 4 | 5 | 6 | 7;
      text: string;
    }>();
    expectTypeOf<ClientPayload<"getItems">["ids"]>().toEqualTypeOf<number[]>();
    expectTypeOf<ServerPayload<"guildUpgrades">>().toEqualTypeOf<{
      upgrades: Record<number, number>;
      next?: number;
    }>();
    expectTypeOf<ClientPayload<"updateDeviceSettings">["enabled"]>().toEqualTypeOf<
      Record<string, boolean>
    >();
    expectTypeOf<ServerPayload<"item">["item"]>().toExtend<{ id: number } | undefined>();
  });

  it("makes every playerPatch field optional, typed as in playerState", () => {
    expectTypeOf<PlayerPatch>().toEqualTypeOf<Partial<PlayerState>>();
    expectTypeOf<ServerPayload<"playerUpdate">["patch"]>().toEqualTypeOf<PlayerPatch>();
    expectTypeOf<PlayerPatch["zone"]>().toEqualTypeOf<1 | 2 | 3 | 4 | 5 | undefined>();
    expectTypeOf<PlayerPatch["battle"]>().toEqualTypeOf<PlayerState["battle"] | undefined>();
    expectTypeOf<PlayerState["name"]>().toEqualTypeOf<string>();
    expectTypeOf({}).toExtend<PlayerPatch>();
  });

  it("keeps the direction name sets apart", () => {
    expectTypeOf<"heartbeat">().toExtend<ClientMessageName>();
    expectTypeOf<"pong">().toExtend<ServerMessageName>();
    expectTypeOf<"pong">().not.toExtend<ClientMessageName>();
    expectTypeOf<"heartbeat">().not.toExtend<ServerMessageName>();
  });

  it("infers codec types from the vocabulary", () => {
    expectTypeOf<Infer<typeof t.u8>>().toEqualTypeOf<number>();
    expectTypeOf<Infer<ReturnType<typeof t.string>>>().toEqualTypeOf<string>();
    const codec = t.record({ a: t.optional(t.enumOf([4, 8])), b: t.array(t.bool) });
    expectTypeOf<Infer<typeof codec>>().toEqualTypeOf<{ a?: 4 | 8; b: boolean[] }>();
  });
});
