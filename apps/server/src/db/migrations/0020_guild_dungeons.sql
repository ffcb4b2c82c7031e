CREATE TABLE "guild_dungeon_objectives" (
	"guild_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"objective" smallint NOT NULL,
	"player_id" bigint NOT NULL,
	"player_name" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guild_dungeon_objectives_guild_id_level_objective_pk" PRIMARY KEY("guild_id","level","objective")
);
--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "dungeon_level" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_dungeon_objectives" ADD CONSTRAINT "guild_dungeon_objectives_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;