CREATE TABLE "loot_tracker" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"at" double precision NOT NULL,
	"loot_id" integer,
	"amount" double precision,
	"item" jsonb
);
--> statement-breakpoint
ALTER TABLE "loot_tracker" ADD CONSTRAINT "loot_tracker_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loot_tracker_player_idx" ON "loot_tracker" USING btree ("player_id","id");--> statement-breakpoint
-- Existing entries move over, oldest first, so ids grow with time as new ones will.
INSERT INTO "loot_tracker" ("player_id", "at", "loot_id", "amount", "item")
SELECT p."id", (t.e->>'timestamp')::double precision, (t.e->>'lootId')::integer,
       (t.e->>'amount')::double precision, t.e->'item'
FROM "players" p, jsonb_array_elements(p."loot_tracker") WITH ORDINALITY AS t(e, n)
ORDER BY p."id", t.n DESC;--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "loot_tracker";