import type { Db } from "../../db/client";
import type { Sessions } from "../../socket/sessions";
import type { PlayerStore } from "../../world/player-store";
import type { ActivityLog } from "../activity-log";
import type { PremiumPayments } from "./payments";

/** What the premium shop's handlers and the rename need. */
export interface PremiumDeps {
  db: Db;
  store: PlayerStore;
  sessions: Sessions;
  activityLog: ActivityLog;
  payments: PremiumPayments;
  /** Names on ADMIN_NAMES or MODERATOR_NAMES (a rename may not take one). */
  isStaffName: (name: string) => boolean;
}
