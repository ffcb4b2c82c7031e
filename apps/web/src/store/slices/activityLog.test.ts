import type { ActivityLogEntry, ServerMessage } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import {
  type ActivityLogState,
  initialActivityLog,
  loadMoreLog,
  reduceActivityLog,
  reloadLog,
} from "./activityLog";

const entry = (n: number): ActivityLogEntry => ({
  timestamp: 1000 - n,
  category: 1,
  text: `e${n}`,
});
const entries = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => entry(from + i));

function page(
  data: Partial<Extract<ServerMessage, { type: "activityLog" }>["data"]>,
): ServerMessage {
  return {
    type: "activityLog",
    data: {
      guild: false,
      append: false,
      entries: [],
      hasMore: false,
      cursor: "",
      loadedUntil: 0,
      ...data,
    },
  };
}

const texts = (state: ActivityLogState, kind: "player" | "guild" = "player") =>
  state[kind].entries.map((e) => e.text);

describe("activity log paging", () => {
  it("reloads from the start with the filter and trimmed search", () => {
    const { state, request } = reloadLog(initialActivityLog, "player", 2, "  hello ");
    expect(request).toEqual({ guild: false, filter: 2, cursor: "", search: "hello" });
    expect(state.player.status).toBe("loading");
    expect(state.player.filter).toBe(2);
    expect(state.player.search).toBe("hello");
  });

  it("shows the first page, then appends the next one from the cursor", () => {
    let state = reloadLog(initialActivityLog, "player", 0, "").state;
    state = reduceActivityLog(
      state,
      page({ entries: entries(0, 50), hasMore: true, cursor: "c1" }),
    );
    expect(state.player.status).toBe("ready");
    expect(state.player.entries).toHaveLength(50);
    const more = loadMoreLog(state, "player");
    expect(more?.request).toEqual({ guild: false, filter: 0, cursor: "c1", search: "" });
    state = more?.state ?? state;
    expect(state.player.status).toBe("loadingMore");
    // No second Load More while one is running.
    expect(loadMoreLog(state, "player")).toBeNull();
    state = reduceActivityLog(
      state,
      page({ append: true, entries: entries(50, 3), hasMore: false, cursor: "" }),
    );
    expect(state.player.entries).toHaveLength(53);
    expect(texts(state).slice(48, 51)).toEqual(["e48", "e49", "e50"]);
    expect(state.player.hasMore).toBe(false);
    expect(loadMoreLog(state, "player")).toBeNull();
  });

  it("replaces the list when the filter changes", () => {
    let state = reloadLog(initialActivityLog, "player", 0, "").state;
    state = reduceActivityLog(state, page({ entries: entries(0, 5) }));
    state = reloadLog(state, "player", 6, "").state;
    // Old entries stay visible (dimmed by the screen) until the new page arrives.
    expect(state.player.entries).toHaveLength(5);
    state = reduceActivityLog(state, page({ entries: [entry(99)] }));
    expect(texts(state)).toEqual(["e99"]);
  });

  it("keeps only the answer to the newest reload when several are in flight", () => {
    let state = reloadLog(initialActivityLog, "player", 1, "").state;
    state = reloadLog(state, "player", 2, "").state;
    state = reduceActivityLog(state, page({ entries: [entry(1)] }));
    expect(state.player.status).toBe("loading");
    expect(state.player.entries).toEqual([]);
    state = reduceActivityLog(state, page({ entries: [entry(2)] }));
    expect(state.player.status).toBe("ready");
    expect(texts(state)).toEqual(["e2"]);
  });

  it("drops a Load More page that arrives after a reload was asked for", () => {
    let state = reloadLog(initialActivityLog, "player", 0, "").state;
    state = reduceActivityLog(state, page({ entries: entries(0, 50), hasMore: true, cursor: "c" }));
    state = loadMoreLog(state, "player")?.state ?? state;
    state = reloadLog(state, "player", 2, "").state;
    state = reduceActivityLog(state, page({ append: true, entries: entries(50, 50) }));
    expect(state.player.entries).toHaveLength(50);
    state = reduceActivityLog(state, page({ entries: [entry(7)] }));
    expect(texts(state)).toEqual(["e7"]);
  });

  it("ignores pages nobody asked for", () => {
    expect(reduceActivityLog(initialActivityLog, page({ entries: [entry(1)] }))).toBe(
      initialActivityLog,
    );
    expect(reduceActivityLog(initialActivityLog, page({ append: true, entries: [entry(1)] }))).toBe(
      initialActivityLog,
    );
  });

  it("forgets requests of an old socket on a fresh reload", () => {
    let state = reloadLog(initialActivityLog, "player", 0, "").state;
    state = reloadLog(state, "player", 0, "", true).state;
    expect(state.player.awaiting).toBe(1);
    state = reduceActivityLog(state, page({ entries: [entry(3)] }));
    expect(state.player.status).toBe("ready");
  });

  it("keeps the player and guild logs apart", () => {
    let state = reloadLog(initialActivityLog, "guild", 7, "").state;
    expect(reloadLog(state, "guild", 7, "").request.guild).toBe(true);
    state = reduceActivityLog(state, page({ guild: true, entries: [entry(4)] }));
    expect(texts(state, "guild")).toEqual(["e4"]);
    expect(state.player).toBe(initialActivityLog.player);
  });
});
