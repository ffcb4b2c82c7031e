import webpush from "web-push";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { getOrCreateSetting } from "../../db/settings";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The server's VAPID key pair: from `VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY`, else generated
 * once and kept in `server_settings` (like the token secret), so every process of a world
 * and every restart signs with the same key and browsers' subscriptions stay valid.
 */
export async function loadVapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const stored = await getOrCreateSetting(db, "vapid_keys", () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}
