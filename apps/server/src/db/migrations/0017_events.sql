CREATE TABLE "event_participants" (
	"event_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"name" text NOT NULL,
	"action_type" smallint DEFAULT 1 NOT NULL,
	"actions" bigint DEFAULT 0 NOT NULL,
	"total_damage" double precision DEFAULT 0 NOT NULL,
	"total_resources" double precision DEFAULT 0 NOT NULL,
	"successes" integer DEFAULT 0 NOT NULL,
	"event_points" double precision,
	CONSTRAINT "event_participants_event_id_player_id_pk" PRIMARY KEY("event_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "world_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"number" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"queue_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"boss_base_health" double precision DEFAULT 0 NOT NULL,
	"boss_number" integer DEFAULT 0 NOT NULL,
	"boss_health" double precision DEFAULT 0 NOT NULL,
	"bosses_defeated" integer DEFAULT 0 NOT NULL,
	"total_damage" double precision DEFAULT 0 NOT NULL,
	"iron" double precision DEFAULT 0 NOT NULL,
	"fish" double precision DEFAULT 0 NOT NULL,
	"wood" double precision DEFAULT 0 NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "event" jsonb;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_event_id_world_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."world_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_participants_damage_idx" ON "event_participants" USING btree ("event_id","total_damage");--> statement-breakpoint
CREATE INDEX "world_events_status_idx" ON "world_events" USING btree ("status","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "world_events_kind_number_uq" ON "world_events" USING btree ("kind","number");