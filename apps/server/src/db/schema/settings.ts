import { pgTable, text } from "drizzle-orm/pg-core";

/** Server-wide key/value settings (the generated token secret, the world seed). */
export const serverSettings = pgTable("server_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
