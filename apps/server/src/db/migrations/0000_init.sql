CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest" boolean DEFAULT false NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"role" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"email" text,
	"secret_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"name" text NOT NULL,
	"battle_xp" double precision DEFAULT 0 NOT NULL,
	"mining_xp" double precision DEFAULT 0 NOT NULL,
	"fishing_xp" double precision DEFAULT 0 NOT NULL,
	"woodcutting_xp" double precision DEFAULT 0 NOT NULL,
	"zone" smallint DEFAULT 1 NOT NULL,
	"enemy" bigint DEFAULT 1 NOT NULL,
	"magic_type" smallint DEFAULT 1 NOT NULL,
	"action_type" smallint DEFAULT 1 NOT NULL,
	"actions" integer NOT NULL,
	"kills" bigint DEFAULT 0 NOT NULL,
	"deaths" bigint DEFAULT 0 NOT NULL,
	"current_enemy_kills" bigint DEFAULT 0 NOT NULL,
	"current_enemy_deaths" bigint DEFAULT 0 NOT NULL,
	"battle_quest_progress" integer DEFAULT 0 NOT NULL,
	"battle_quest_completed" integer DEFAULT 0 NOT NULL,
	"gather_quest_progress" integer DEFAULT 0 NOT NULL,
	"gather_quest_completed" integer DEFAULT 0 NOT NULL,
	"action_counter" bigint DEFAULT 0 NOT NULL,
	"boosts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"loot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"loot_tracker" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"title_color" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identities_provider_uq" ON "identities" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX "identities_account_idx" ON "identities" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_name_lower_uq" ON "players" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_account_uq" ON "players" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "players_active_idx" ON "players" USING btree ("actions") WHERE "players"."actions" > 0 and "players"."action_type" <> 0;