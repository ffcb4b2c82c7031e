CREATE TABLE "referral_shards" (
	"referee_id" bigint PRIMARY KEY NOT NULL,
	"referrer_id" bigint NOT NULL,
	"base_pending" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_shards" ADD CONSTRAINT "referral_shards_referee_id_players_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_shards_referrer_idx" ON "referral_shards" USING btree ("referrer_id");