CREATE TABLE "guild_invites" (
	"guild_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guild_invites_guild_id_player_id_pk" PRIMARY KEY("guild_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "guild_members" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"guild_id" bigint NOT NULL,
	"rank_id" smallint NOT NULL,
	"contributions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guild_ranks" (
	"guild_id" bigint NOT NULL,
	"rank_id" smallint NOT NULL,
	"name" text NOT NULL,
	"permission" integer DEFAULT 0 NOT NULL,
	"tax" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "guild_ranks_guild_id_rank_id_pk" PRIMARY KEY("guild_id","rank_id")
);
--> statement-breakpoint
CREATE TABLE "guilds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"internal_description" text DEFAULT '' NOT NULL,
	"motd" text DEFAULT '' NOT NULL,
	"api_key" text,
	"funds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"upgrades" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_upgrade" smallint,
	"total_upgrades" integer DEFAULT 0 NOT NULL,
	"experience" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "taxes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_invites" ADD CONSTRAINT "guild_invites_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_invites" ADD CONSTRAINT "guild_invites_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_members" ADD CONSTRAINT "guild_members_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_members" ADD CONSTRAINT "guild_members_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_ranks" ADD CONSTRAINT "guild_ranks_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guild_invites_player_idx" ON "guild_invites" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "guild_members_guild_idx" ON "guild_members" USING btree ("guild_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guilds_name_key_idx" ON "guilds" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "guilds_list_idx" ON "guilds" USING btree ("total_upgrades","name");