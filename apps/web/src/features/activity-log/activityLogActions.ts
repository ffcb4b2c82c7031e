import type { LogCategory } from "@manaspire/game";
import { send, useGameStore } from "../../store/gameStore";
import {
  type LogKind,
  type LogRequest,
  loadMoreLog,
  reloadLog,
} from "../../store/slices/activityLog";

function request(req: LogRequest): boolean {
  const data = { filter: req.filter as LogCategory, cursor: req.cursor, search: req.search };
  return req.guild ? send("activityLogGuild", data) : send("activityLogPlayer", data);
}

/**
 * Loads the log from the start with a filter and search text (filter change, Search, Enter,
 * opening the screen). `fresh` after a reconnect: earlier requests died with the old socket.
 */
export function reloadActivityLog(kind: LogKind, filter: number, search: string, fresh = false) {
  const before = useGameStore.getState().activityLog;
  const { state, request: req } = reloadLog(before, kind, filter, search, fresh);
  useGameStore.setState({ activityLog: state });
  if (!request(req)) useGameStore.setState({ activityLog: before });
}

/** Load More: the next page from the cursor. */
export function loadMoreActivityLog(kind: LogKind) {
  const before = useGameStore.getState().activityLog;
  const next = loadMoreLog(before, kind);
  if (!next) return;
  useGameStore.setState({ activityLog: next.state });
  if (!request(next.request)) useGameStore.setState({ activityLog: before });
}
