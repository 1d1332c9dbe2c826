DROP INDEX "orders_paid_refunded_created_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "skus" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The SKUs of an order's items, lower-cased, each once, in order (the admin filter by SKU).
CREATE OR REPLACE FUNCTION order_skus(target uuid) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT lower(sku) ORDER BY lower(sku)) FILTER (WHERE sku IS NOT NULL), '{}')
  FROM order_items WHERE order_id = target
$$;--> statement-breakpoint
-- Every writer of items (checkout, renewals, imports, tests) keeps orders.skus in step; the order's
-- row is only written when its list actually changes.
CREATE OR REPLACE FUNCTION order_items_keep_skus() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE orders SET skus = order_skus(OLD.order_id)
    WHERE id = OLD.order_id AND skus IS DISTINCT FROM order_skus(OLD.order_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE orders SET skus = order_skus(NEW.order_id)
    WHERE id = NEW.order_id AND skus IS DISTINCT FROM order_skus(NEW.order_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_items_keep_skus AFTER INSERT OR DELETE OR UPDATE OF sku, order_id ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_keep_skus();--> statement-breakpoint
-- Backfill: the orders that have items with a SKU (the rest keep the empty default).
UPDATE orders SET skus = s.skus
FROM (
  SELECT order_id, array_agg(DISTINCT lower(sku) ORDER BY lower(sku)) AS skus
  FROM order_items WHERE sku IS NOT NULL GROUP BY order_id
) AS s
WHERE orders.id = s.order_id;--> statement-breakpoint
CREATE INDEX "orders_paid_refunded_full_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."payment_status" = 'paid' and "orders"."refunded_cents" > 0 and "orders"."refunded_cents" >= "orders"."total_cents";--> statement-breakpoint
CREATE INDEX "orders_paid_refunded_part_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."payment_status" = 'paid' and "orders"."refunded_cents" > 0 and "orders"."refunded_cents" < "orders"."total_cents";--> statement-breakpoint
CREATE INDEX "orders_paid_skus_idx" ON "orders" USING gin ("skus") WHERE "orders"."payment_status" = 'paid';
