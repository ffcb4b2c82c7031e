import { t } from "../codecs";
import { id, playerName, timestamp } from "./common";
import { chatChannel, chatRole, logCategory, rarity } from "./enums";

/** One part of a chat message: the server parses text into parts, the client never renders HTML. */
export const chatPart = t.record({
  /** 1 text, 2 url, 3 emote, 4 item, 5 loot; an unknown kind renders as [[unknown]]. */
  kind: t.u8,
  text: t.string(1000),
  /** Item or loot id. */
  refId: t.optional(id),
  rarity: t.optional(rarity),
  url: t.optional(t.string(300)),
  animated: t.optional(t.bool),
});

/** Spec 000 section 3 "Chat entry". */
export const chatEntry = t.record({
  id,
  timestamp,
  channel: chatChannel,
  senderId: id,
  senderRole: chatRole,
  senderTitle: t.string(40),
  senderTitleColor: t.string(9),
  senderName: playerName,
  /** Whisper recipient, for whispers only. */
  recipientName: t.optional(playerName),
  message: t.array(chatPart, 200),
});

/** Spec 000 section 3 "Activity log entry". */
export const activityLogEntry = t.record({
  timestamp,
  category: logCategory,
  text: t.string(1000),
});
