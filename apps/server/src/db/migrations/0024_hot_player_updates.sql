DROP INDEX "players_active_idx";--> statement-breakpoint
CREATE INDEX "players_acting_idx" ON "players" USING btree ("id") WHERE "players"."action_type" <> 0;--> statement-breakpoint
-- hand-written
-- Room in each page for a row's next version: an update whose indexed columns are unchanged
-- (a flush: counters, experience, loot) then stays in its page and writes no index (HOT).
-- Pages written before this keep their fill until rewritten.
ALTER TABLE "players" SET (fillfactor = 70);
