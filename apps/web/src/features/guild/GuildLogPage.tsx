import { ActivityLogScreen } from "../activity-log/ActivityLogScreen";

/** /guild/log: the activity log screen in its guild mode (Funds, Armory, Upgrade, Members, Rank Changes). */
export function GuildLogPage() {
  return <ActivityLogScreen guild />;
}
