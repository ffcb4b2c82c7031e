import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { players } from "./players";

/** One part of a stored message: the protocol's `chatPart`. */
export interface StoredChatPart {
  kind: number;
  text: string;
  refId?: number;
  rarity?: number;
  url?: string;
  animated?: boolean;
}

/**
 * Chat lines, one row each, inserted when sent. History keeps the 200 newest per channel
 * (per guild for Guild, per player for Whispers); older rows are pruned in the background.
 * The sender's name, role and title are copied so history shows them as they were.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channel: smallint("channel").notNull(),
    /** Null for lines the server posts itself (notifications). */
    senderId: bigint("sender_id", { mode: "number" }).references(() => players.id, {
      onDelete: "cascade",
    }),
    senderName: text("sender_name").notNull(),
    senderRole: smallint("sender_role").notNull().default(0),
    senderTitle: text("sender_title").notNull().default(""),
    senderTitleColor: text("sender_title_color").notNull().default(""),
    /** Whispers only. */
    recipientId: bigint("recipient_id", { mode: "number" }).references(() => players.id, {
      onDelete: "cascade",
    }),
    recipientName: text("recipient_name"),
    /** Guild channel only (guilds arrive with their own issue; no foreign key yet). */
    guildId: bigint("guild_id", { mode: "number" }),
    /** The sanitised text as typed, kept for moderation. */
    text: text("text").notNull(),
    parts: jsonb("parts").$type<StoredChatPart[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_channel_idx").on(t.channel, t.id),
    index("chat_messages_guild_idx").on(t.guildId, t.id).where(sql`${t.guildId} is not null`),
    index("chat_messages_whisper_sender_idx").on(t.senderId, t.id).where(sql`${t.channel} = 6`),
    index("chat_messages_whisper_recipient_idx")
      .on(t.recipientId, t.id)
      .where(sql`${t.channel} = 6`),
  ],
);

/** Who ignores whom: an ignored player's lines and whispers are not delivered to the ignorer. */
export const chatIgnores = pgTable(
  "chat_ignores",
  {
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    ignoredId: bigint("ignored_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.ignoredId] })],
);

/** Chat mutes set by moderators and admins; a row whose time has passed no longer applies. */
export const chatMutes = pgTable("chat_mutes", {
  playerId: bigint("player_id", { mode: "number" })
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  mutedUntil: timestamp("muted_until", { withTimezone: true }).notNull(),
  mutedBy: bigint("muted_by", { mode: "number" }).references(() => players.id, {
    onDelete: "set null",
  }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessageRow = typeof chatMessages.$inferInsert;
