CREATE TABLE "market_cancels" (
	"player_id" bigint NOT NULL,
	"loot_id" smallint NOT NULL,
	"cancelled_at" timestamp with time zone NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_cancels_player_id_loot_id_pk" PRIMARY KEY("player_id","loot_id")
);
--> statement-breakpoint
CREATE TABLE "market_candles" (
	"loot_id" smallint NOT NULL,
	"interval" smallint NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"volume" bigint NOT NULL,
	CONSTRAINT "market_candles_loot_id_interval_start_pk" PRIMARY KEY("loot_id","interval","start")
);
--> statement-breakpoint
CREATE TABLE "market_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"loot_id" smallint NOT NULL,
	"side" smallint NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_orders_positive" CHECK ("market_orders"."quantity" > 0 and "market_orders"."unit_price" > 0),
	CONSTRAINT "market_orders_side" CHECK ("market_orders"."side" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "market_trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loot_id" smallint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "trade" jsonb;--> statement-breakpoint
ALTER TABLE "market_cancels" ADD CONSTRAINT "market_cancels_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_orders_player_loot_idx" ON "market_orders" USING btree ("player_id","loot_id");--> statement-breakpoint
CREATE INDEX "market_orders_book_idx" ON "market_orders" USING btree ("loot_id","side","unit_price","id");--> statement-breakpoint
CREATE INDEX "market_trades_loot_time_idx" ON "market_trades" USING btree ("loot_id","created_at");