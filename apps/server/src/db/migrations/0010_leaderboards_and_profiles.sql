CREATE TABLE "leaderboard_anchors" (
	"board" smallint NOT NULL,
	"position" bigint NOT NULL,
	"key" double precision NOT NULL,
	"player_id" bigint NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_anchors_board_position_pk" PRIMARY KEY("board","position")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_scores" (
	"player_id" bigint NOT NULL,
	"board" smallint NOT NULL,
	"key" double precision NOT NULL,
	CONSTRAINT "leaderboard_scores_player_id_board_pk" PRIMARY KEY("player_id","board")
);
--> statement-breakpoint
CREATE TABLE "player_profiles" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "highest_enemy" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_scores" ADD CONSTRAINT "leaderboard_scores_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_anchors_key_idx" ON "leaderboard_anchors" USING btree ("board","key","player_id");--> statement-breakpoint
CREATE INDEX "leaderboard_scores_rank_idx" ON "leaderboard_scores" USING btree ("board","key","player_id");--> statement-breakpoint
-- hand-written
-- Players who beat their current enemy already: the best we know of the highest enemy they beat.
UPDATE "players" SET "highest_enemy" = CASE WHEN "zone" = 2 THEN 30 + "enemy" ELSE "enemy" END WHERE "current_enemy_kills" > 0;
