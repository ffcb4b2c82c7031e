CREATE TABLE "premium_purchases" (
	"session_id" text PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"euros" integer NOT NULL,
	"codex" integer NOT NULL,
	"crystallized_mana" integer NOT NULL,
	"ascension" integer NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"referrer_id" bigint,
	"referrer_codex" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "boosts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "qol_end" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "premium_purchases_player_idx" ON "premium_purchases" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "premium_purchases_referrer_idx" ON "premium_purchases" USING btree ("referrer_id");