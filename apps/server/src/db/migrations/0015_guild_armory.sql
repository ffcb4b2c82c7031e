CREATE TABLE "guild_armory" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"guild_id" bigint NOT NULL,
	"deposited_by" bigint,
	"borrower_id" bigint,
	"recalled" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"level" bigint NOT NULL,
	"rarity" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"boosts" jsonb NOT NULL,
	"rolls" jsonb NOT NULL,
	"infusions" smallint DEFAULT 0 NOT NULL,
	"quality" double precision NOT NULL,
	"element" smallint,
	"skill" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guild_armory" ADD CONSTRAINT "guild_armory_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_armory" ADD CONSTRAINT "guild_armory_deposited_by_players_id_fk" FOREIGN KEY ("deposited_by") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_armory" ADD CONSTRAINT "guild_armory_borrower_id_players_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guild_armory_item_idx" ON "guild_armory" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "guild_armory_guild_idx" ON "guild_armory" USING btree ("guild_id","id");--> statement-breakpoint
CREATE INDEX "guild_armory_borrower_idx" ON "guild_armory" USING btree ("borrower_id");