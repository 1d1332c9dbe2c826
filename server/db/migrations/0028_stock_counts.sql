CREATE TYPE "public"."stock_movement_reason" AS ENUM('adjustment', 'correction', 'received', 'sale', 'cancel', 'refund');--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" "stock_movement_reason" NOT NULL,
	"note" text,
	"order_id" uuid,
	"actor_id" text,
	"shortfall" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_after_non_negative" CHECK ("stock_movements"."quantity_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_quantity_positive" CHECK ("stock_reservations"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "stock_quantity" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_reservations_order_variant_idx" ON "stock_reservations" USING btree ("order_id","variant_id");--> statement-breakpoint
CREATE INDEX "stock_reservations_variant_idx" ON "stock_reservations" USING btree ("variant_id","expires_at");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock_quantity" is null or "product_variants"."stock_quantity" >= 0);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_low_stock_non_negative" CHECK ("product_variants"."low_stock_threshold" is null or "product_variants"."low_stock_threshold" >= 0);--> statement-breakpoint
-- Custom SQL: a sale changes stock_quantity on every checkout, and bumping the storefront version
-- each time would empty the page cache on every sale. A variant change now bumps it only when
-- something the storefront shows changes: any column but stock_quantity/updated_at, or what the
-- stock looks like to a shopper (stock_shown: nothing, "Only N left", or sold out). The default
-- threshold 5 is DEFAULT_LOW_STOCK_THRESHOLD in core/stock.ts.
CREATE FUNCTION stock_shown(quantity integer, threshold integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN quantity IS NULL THEN 'in'
    WHEN quantity <= 0 THEN 'out'
    WHEN quantity <= coalesce(threshold, 5) THEN quantity::text
    ELSE 'in'
  END
$$;--> statement-breakpoint
DROP TRIGGER product_variants_storefront_version ON "product_variants";--> statement-breakpoint
CREATE TRIGGER product_variants_storefront_version AFTER INSERT OR DELETE OR TRUNCATE ON "product_variants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER product_variants_storefront_version_update AFTER UPDATE ON "product_variants" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stock_quantity' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock_quantity' - 'updated_at')
    OR stock_shown(OLD.stock_quantity, OLD.low_stock_threshold) IS DISTINCT FROM stock_shown(NEW.stock_quantity, NEW.low_stock_threshold))
  EXECUTE FUNCTION bump_storefront_version();
