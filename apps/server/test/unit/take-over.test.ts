import { describe, expect, it } from "vitest";
import { loadTakingOver, TAKE_OVER_ATTEMPTS } from "../../src/socket/take-over";
import { OwnedElsewhereError } from "../../src/world/player-store";

/** A store whose player is held by `owners` in turn (each take-over moves it on), then free. */
function heldBy(owners: number[]) {
  const asked: number[] = [];
  let holder = 0;
  return {
    asked,
    get: async (id: number) => {
      if (holder < owners.length) throw new OwnedElsewhereError(owners[holder] as number);
      return { id };
    },
    takeOver: async (_id: number, ownerId: number) => {
      asked.push(ownerId);
      holder++;
      return true;
    },
  };
}

describe("a sign-in whose player another process holds", () => {
  it("follows the player to the process that picked it up after its dead owner's lease", async () => {
    // Process 7 died; while this connection waited out its lease, process 9 picked the player
    // up. Before, the second refusal closed the socket with "Playing on another server".
    const store = heldBy([7, 9]);
    expect(await loadTakingOver(42, store.get, store.takeOver)).toEqual({ id: 42 });
    expect(store.asked).toEqual([7, 9]);
  });

  it("gives up after a bounded number of owners, and when a take-over fails", async () => {
    const owners = Array.from({ length: TAKE_OVER_ATTEMPTS + 1 }, (_, i) => i + 1);
    const store = heldBy(owners);
    await expect(loadTakingOver(42, store.get, store.takeOver)).rejects.toBeInstanceOf(
      OwnedElsewhereError,
    );
    expect(store.asked).toEqual(owners.slice(0, TAKE_OVER_ATTEMPTS));

    const refused = heldBy([5]);
    await expect(loadTakingOver(42, refused.get, async () => false)).rejects.toMatchObject({
      ownerId: 5,
    });
    // Alone (no bus), nothing is taken over.
    await expect(loadTakingOver(42, heldBy([5]).get)).rejects.toMatchObject({ ownerId: 5 });
  });

  it("passes on any other failure at once", async () => {
    let takeOvers = 0;
    const broken = async () => {
      throw new Error("database down");
    };
    await expect(
      loadTakingOver(42, broken, async () => {
        takeOvers++;
        return true;
      }),
    ).rejects.toThrow("database down");
    expect(takeOvers).toBe(0);
  });
});
