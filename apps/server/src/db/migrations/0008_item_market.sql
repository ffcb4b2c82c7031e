CREATE TABLE "item_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"unit_price" bigint NOT NULL,
	"name" text NOT NULL,
	"level" bigint NOT NULL,
	"rarity" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"boosts" jsonb NOT NULL,
	"rolls" jsonb NOT NULL,
	"boost_ids" smallint[] NOT NULL,
	"infusions" smallint DEFAULT 0 NOT NULL,
	"quality" double precision NOT NULL,
	"element" smallint,
	"skill" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_orders_price_positive" CHECK ("item_orders"."unit_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "item_orders" ADD CONSTRAINT "item_orders_seller_id_players_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_orders_item_idx" ON "item_orders" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "item_orders_seller_idx" ON "item_orders" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "item_orders_slot_idx" ON "item_orders" USING btree ("slot","id");--> statement-breakpoint
CREATE INDEX "item_orders_rarity_idx" ON "item_orders" USING btree ("rarity","id");--> statement-breakpoint
CREATE INDEX "item_orders_price_idx" ON "item_orders" USING btree ("unit_price");--> statement-breakpoint
CREATE INDEX "item_orders_level_idx" ON "item_orders" USING btree ("level");--> statement-breakpoint
CREATE INDEX "item_orders_boosts_idx" ON "item_orders" USING gin ("boost_ids");