ALTER TABLE "players" ADD COLUMN "gather_actions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "event_actions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written
-- Saved players: the best we know of their gathering actions (what the profile showed: every
-- action not a kill or a death; past event actions cannot be told apart and stay in it).
UPDATE "players" SET "gather_actions" = GREATEST(0, "action_counter" - "kills" - "deaths");
