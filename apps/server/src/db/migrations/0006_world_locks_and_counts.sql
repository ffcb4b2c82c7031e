CREATE TABLE "world_locks" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" bigint NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "server_processes" ADD COLUMN "online" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "server_processes" ADD COLUMN "active" integer DEFAULT 0 NOT NULL;