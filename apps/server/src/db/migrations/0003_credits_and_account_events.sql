CREATE TABLE "account_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"loot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"item_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credits_player_idx" ON "credits" USING btree ("player_id");--> statement-breakpoint
CREATE FUNCTION "account_events_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF TG_TABLE_NAME = 'players' THEN
			INSERT INTO "account_events" ("account_id", "kind") VALUES (OLD."account_id", 3);
		ELSE
			INSERT INTO "account_events" ("account_id", "kind") VALUES (OLD."id", 3);
		END IF;
		RETURN OLD;
	END IF;
	IF NEW."banned" IS DISTINCT FROM OLD."banned" THEN
		INSERT INTO "account_events" ("account_id", "kind") VALUES (NEW."id", CASE WHEN NEW."banned" THEN 1 ELSE 2 END);
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_record_events" AFTER UPDATE OF "banned" OR DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "account_events_record"();--> statement-breakpoint
CREATE TRIGGER "players_record_deletes" AFTER DELETE ON "players" FOR EACH ROW EXECUTE FUNCTION "account_events_record"();
