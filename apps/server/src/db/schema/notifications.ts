import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { players } from "./players";

/**
 * Push devices: one Web Push subscription of a browser each, owned by one player. The token
 * is the subscription's endpoint (unique: a browser's subscription belongs to the player who
 * last registered it); p256dh and auth are its encryption keys. `enabled` holds one switch per
 * notification type; `error` is set after repeated failed sends, and nothing is sent then.
 */
export const notificationDevices = pgTable(
  "notification_devices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    name: text("name").notNull().default(""),
    enabled: jsonb("enabled").$type<Record<string, boolean>>().notNull().default({}),
    error: text("error"),
    /** Failed sends in a row (reset by a successful one). */
    errorCount: integer("error_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notification_devices_token_uq").on(t.token),
    index("notification_devices_player_idx").on(t.playerId),
  ],
);

/**
 * Notifications already sent, by a key naming the event (a whisper's line id, a quest's
 * number): a claim row is inserted before sending, so an event is pushed once even when
 * several processes, or a replay after a crash, see it. Rows older than two days are pruned.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.key] }),
    index("push_deliveries_created_idx").on(t.createdAt),
  ],
);
