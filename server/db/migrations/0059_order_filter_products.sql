ALTER TABLE "orders" ADD COLUMN "product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
-- The products of an order's items, each once, in order (the admin filter by product).
CREATE OR REPLACE FUNCTION order_product_ids(target uuid) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT product_id ORDER BY product_id) FILTER (WHERE product_id IS NOT NULL), '{}')
  FROM order_items WHERE order_id = target
$$;--> statement-breakpoint
-- One trigger keeps both of the order's item lists (SKUs, migration 0056, and products) in step;
-- the order's row is only written when one of them actually changes. A deleted product sets its
-- items' product_id null (the foreign key), an update that fires this too.
CREATE OR REPLACE FUNCTION keep_order_item_lists(target uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE orders SET skus = order_skus(target), product_ids = order_product_ids(target)
  WHERE id = target
    AND (skus IS DISTINCT FROM order_skus(target) OR product_ids IS DISTINCT FROM order_product_ids(target))
$$;--> statement-breakpoint
DROP TRIGGER "order_items_keep_skus" ON "order_items";--> statement-breakpoint
DROP FUNCTION order_items_keep_skus();--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_items_keep_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM keep_order_item_lists(OLD.order_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
    PERFORM keep_order_item_lists(NEW.order_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_items_keep_lists AFTER INSERT OR DELETE OR UPDATE OF sku, product_id, order_id ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_keep_lists();--> statement-breakpoint
-- Backfill: the orders that have items of a product (the rest keep the empty default).
UPDATE orders SET product_ids = p.ids
FROM (
  SELECT order_id, array_agg(DISTINCT product_id ORDER BY product_id) AS ids
  FROM order_items WHERE product_id IS NOT NULL GROUP BY order_id
) AS p
WHERE orders.id = p.order_id;--> statement-breakpoint
CREATE INDEX "orders_paid_products_idx" ON "orders" USING gin ("product_ids") WHERE "orders"."payment_status" = 'paid';
