import type { ServerMessage, ServerPayload } from "@manaspire/protocol";

export type NotificationDevice = ServerPayload<"notificationSettings">["devices"][number];

/** The settings screen's server data: push devices and the operator's links. */
export interface NotificationsState {
  /** Null until `getNotificationSettings` (sent on connect) answers. */
  devices: NotificationDevice[] | null;
  /** The server's VAPID public key; empty when it sends no push notifications. */
  publicKey: string;
  /** The community chat server's address; empty when the operator set none. */
  communityChatUrl: string;
}

export const initialNotifications: NotificationsState = {
  devices: null,
  publicKey: "",
  communityChatUrl: "",
};

export function reduceNotifications(
  state: NotificationsState,
  message: ServerMessage,
): NotificationsState {
  switch (message.type) {
    case "notificationSettings":
      return { ...state, devices: message.data.devices, publicKey: message.data.publicKey };
    case "serverLinks":
      return { ...state, communityChatUrl: message.data.communityChatUrl };
    default:
      return state;
  }
}
