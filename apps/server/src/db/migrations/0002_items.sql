CREATE TABLE "equipment_sets" (
	"player_id" bigint NOT NULL,
	"name" text NOT NULL,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sigil" smallint,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_sets_player_id_name_pk" PRIMARY KEY("player_id","name")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"borrower_id" bigint,
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
	"favorite" boolean DEFAULT false NOT NULL,
	"equipped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "sigil" jsonb DEFAULT '{"points":0,"active":0}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_sets" ADD CONSTRAINT "equipment_sets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_owner_id_players_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_borrower_id_players_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_owner_idx" ON "items" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "items_borrower_idx" ON "items" USING btree ("borrower_id") WHERE "items"."borrower_id" is not null;