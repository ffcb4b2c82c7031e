ALTER TABLE "players" ADD COLUMN "farm_harvest_at" double precision DEFAULT (extract(epoch from now()) * 1000) NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "potions" jsonb DEFAULT '{"active":[],"belt":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "pets" jsonb DEFAULT '{"pets":[],"dungeonSkin":null,"skins":[]}'::jsonb NOT NULL;