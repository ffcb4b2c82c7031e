import { potionByBoost } from "@manaspire/game";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Handlers } from "../../socket/handlers";
import { mergeHandlers } from "../../socket/handlers";
import type { Sessions } from "../../socket/sessions";
import type { LoadedPlayer } from "../../world/loaded-player";
import type { Milestone } from "../../world/milestones";
import { DeviceOwners } from "./device-owners";
import { DeviceStore, toWireDevice } from "./device-store";
import { notificationHandlers } from "./handlers";
import { serverLinkHandlers } from "./links";
import {
  dungeonQueueMessage,
  outOfActionsMessage,
  potionExpiredMessage,
  questCompleteMessage,
  whisperMessage,
} from "./messages";
import { Notifier } from "./notifier";
import { PushSender } from "./push-sender";
import { loadVapidKeys } from "./vapid";

export interface Notifications {
  notifier: Notifier;
  handlers: Handlers;
  /** World option `onMilestone`. */
  onMilestone(p: LoadedPlayer, milestone: Milestone): void;
  /** Chat option `onOfflineWhisper`. */
  onOfflineWhisper(recipientId: number, from: string, text: string, lineId: number): void;
}

/**
 * Push notifications and the server links, wired from the configuration: the VAPID keys (from
 * the environment or the database), the sender (none when `PUSH_ENDPOINT_HOSTS` lists no
 * host), the notifier the features call, and the socket handlers.
 */
export async function createNotifications(
  db: Db,
  config: Config,
  deps: {
    sessions: Sessions;
    isOnline: (playerId: number) => Promise<boolean>;
    log: FastifyBaseLogger;
  },
): Promise<Notifications> {
  const hosts = config.PUSH_ENDPOINT_HOSTS;
  const sender = hosts.length > 0 ? new PushSender(await loadVapidKeys(db, config)) : null;
  const devices = new DeviceStore(db);
  const owners = new DeviceOwners(db, deps.log);
  const notifier = new Notifier(db, devices, owners, sender, {
    isOnline: deps.isOnline,
    log: deps.log,
    // A device lost or disabled while its player had a tab open elsewhere: refresh that list.
    onDevicesChanged: (playerId) => {
      if (!deps.sessions.has(playerId)) return;
      devices
        .list(playerId)
        .then((rows) =>
          deps.sessions.send(playerId, "notificationSettings", {
            publicKey: sender?.publicKey ?? "",
            devices: rows.map(toWireDevice),
          }),
        )
        .catch((err) => deps.log.warn({ err }, "sending notification settings failed"));
    },
  });
  return {
    notifier,
    handlers: mergeHandlers(
      notificationHandlers({ notifier, sessions: deps.sessions, endpointHosts: hosts }),
      serverLinkHandlers({ communityChatUrl: config.COMMUNITY_CHAT_URL }),
    ),
    onMilestone(p, m) {
      if (m.kind === "questComplete") {
        notifier.notify(p.id, questCompleteMessage(m.quest), `${m.quest}:${m.number}`);
      } else if (m.kind === "dungeonQueue") {
        notifier.notify(p.id, dungeonQueueMessage(), String(m.completed));
      } else if (m.kind === "potionExpired") {
        const name = potionByBoost(m.boost)?.name ?? "potion";
        notifier.notify(p.id, potionExpiredMessage(name), `${m.boost}:${m.actionCounter}`);
      } else {
        notifier.notify(p.id, outOfActionsMessage(), String(m.actionCounter));
      }
    },
    onOfflineWhisper(recipientId, from, text, lineId) {
      notifier.notify(recipientId, whisperMessage(from, text), String(lineId));
    },
  };
}
