import type { ActivityLogEntry, ServerMessage } from "@manaspire/protocol";

/**
 * The activity log screen's state (player log and guild log, spec 000 section 4 "Activity
 * log"): a filter or search reloads from the start; Load More continues from the cursor.
 *
 * Answers carry no request id, so the slice counts the reloads it is waiting for and keeps
 * only the answer to the newest one; a page appended after a reload was asked for is dropped.
 */
export interface LogView {
  filter: number;
  search: string;
  /** Newest first. */
  entries: ActivityLogEntry[];
  hasMore: boolean;
  cursor: string;
  loadedUntil: number;
  /** idle: never asked; loading: a reload is on its way; loadingMore: Load More is. */
  status: "idle" | "loading" | "loadingMore" | "ready";
  /** Reloads asked for and not answered yet. */
  awaiting: number;
}

export interface ActivityLogState {
  player: LogView;
  guild: LogView;
}

export const initialLogView: LogView = {
  filter: 0,
  search: "",
  entries: [],
  hasMore: false,
  cursor: "",
  loadedUntil: 0,
  status: "idle",
  awaiting: 0,
};

export const initialActivityLog: ActivityLogState = {
  player: initialLogView,
  guild: initialLogView,
};

/** What to send for a page request. */
export interface LogRequest {
  guild: boolean;
  filter: number;
  cursor: string;
  search: string;
}

export type LogKind = "player" | "guild";

function withView(state: ActivityLogState, kind: LogKind, view: LogView): ActivityLogState {
  return kind === "guild" ? { ...state, guild: view } : { ...state, player: view };
}

/**
 * Reload from the start with a filter and search text. `fresh` (after a reconnect) forgets
 * requests that went out on the old socket.
 */
export function reloadLog(
  state: ActivityLogState,
  kind: LogKind,
  filter: number,
  search: string,
  fresh = false,
): { state: ActivityLogState; request: LogRequest } {
  const view = state[kind];
  const trimmed = search.trim();
  const next: LogView = {
    ...view,
    filter,
    search: trimmed,
    status: "loading",
    awaiting: fresh ? 1 : view.awaiting + 1,
  };
  return {
    state: withView(state, kind, next),
    request: { guild: kind === "guild", filter, cursor: "", search: trimmed },
  };
}

/** Load More: the next page after the cursor; null when there is none or a load is running. */
export function loadMoreLog(
  state: ActivityLogState,
  kind: LogKind,
): { state: ActivityLogState; request: LogRequest } | null {
  const view = state[kind];
  if (view.status !== "ready" || !view.hasMore || view.cursor === "") return null;
  return {
    state: withView(state, kind, { ...view, status: "loadingMore" }),
    request: {
      guild: kind === "guild",
      filter: view.filter,
      cursor: view.cursor,
      search: view.search,
    },
  };
}

export function reduceActivityLog(
  state: ActivityLogState,
  message: ServerMessage,
): ActivityLogState {
  if (message.type !== "activityLog") return state;
  const page = message.data;
  const kind: LogKind = page.guild ? "guild" : "player";
  const view = state[kind];
  if (page.append) {
    if (view.status !== "loadingMore" || view.awaiting > 0) return state;
    return withView(state, kind, {
      ...view,
      entries: view.entries.concat(page.entries),
      hasMore: page.hasMore,
      cursor: page.cursor,
      loadedUntil: page.loadedUntil,
      status: "ready",
    });
  }
  if (view.awaiting === 0) return state;
  const awaiting = view.awaiting - 1;
  if (awaiting > 0) return withView(state, kind, { ...view, awaiting });
  return withView(state, kind, {
    ...view,
    entries: page.entries,
    hasMore: page.hasMore,
    cursor: page.cursor,
    loadedUntil: page.loadedUntil,
    status: "ready",
    awaiting: 0,
  });
}
