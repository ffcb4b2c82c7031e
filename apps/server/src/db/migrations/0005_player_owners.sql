CREATE TABLE "server_processes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
CREATE INDEX "players_owner_idx" ON "players" USING btree ("owner_id") WHERE "players"."owner_id" is not null;