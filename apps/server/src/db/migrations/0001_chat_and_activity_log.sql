CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint,
	"guild_id" bigint,
	"category" smallint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_devices" (
	"player_id" bigint NOT NULL,
	"device" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_devices_player_id_device_pk" PRIMARY KEY("player_id","device")
);
--> statement-breakpoint
CREATE TABLE "chat_ignores" (
	"player_id" bigint NOT NULL,
	"ignored_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_ignores_player_id_ignored_id_pk" PRIMARY KEY("player_id","ignored_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" smallint NOT NULL,
	"sender_id" bigint,
	"sender_name" text NOT NULL,
	"sender_role" smallint DEFAULT 0 NOT NULL,
	"sender_title" text DEFAULT '' NOT NULL,
	"sender_title_color" text DEFAULT '' NOT NULL,
	"recipient_id" bigint,
	"recipient_name" text,
	"guild_id" bigint,
	"text" text NOT NULL,
	"parts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_mutes" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"muted_until" timestamp with time zone NOT NULL,
	"muted_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_devices" ADD CONSTRAINT "sign_in_devices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_ignores" ADD CONSTRAINT "chat_ignores_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_ignores" ADD CONSTRAINT "chat_ignores_ignored_id_players_id_fk" FOREIGN KEY ("ignored_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_players_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_recipient_id_players_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_muted_by_players_id_fk" FOREIGN KEY ("muted_by") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_player_idx" ON "activity_log" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "activity_log_player_category_idx" ON "activity_log" USING btree ("player_id","category","id");--> statement-breakpoint
CREATE INDEX "activity_log_guild_idx" ON "activity_log" USING btree ("guild_id","id") WHERE "activity_log"."guild_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_channel_idx" ON "chat_messages" USING btree ("channel","id");--> statement-breakpoint
CREATE INDEX "chat_messages_guild_idx" ON "chat_messages" USING btree ("guild_id","id") WHERE "chat_messages"."guild_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_whisper_sender_idx" ON "chat_messages" USING btree ("sender_id","id") WHERE "chat_messages"."channel" = 6;--> statement-breakpoint
CREATE INDEX "chat_messages_whisper_recipient_idx" ON "chat_messages" USING btree ("recipient_id","id") WHERE "chat_messages"."channel" = 6;