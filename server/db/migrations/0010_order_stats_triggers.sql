-- Keeps order_daily_stats and product_sales_stats (server/db/schema/order-stats.ts) exact for the
-- admin dashboard (decision 014): every change to a paid order or to an item of a paid order
-- adds or takes back its share in the same transaction. Each order counts in one of 8 slots
-- (hash of its id) so that concurrent fulfilments rarely wait on one counter row.

-- Adds (sign 1) or takes back (sign -1) one line's quantity and revenue.
CREATE FUNCTION product_sales_stats_add(p_order_id uuid, p_name text, p_quantity bigint, p_revenue bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_sales_stats AS s (name, slot, quantity, revenue_cents)
  VALUES (p_name, hashtext(p_order_id::text) & 7, p_quantity, p_revenue)
  ON CONFLICT (name, slot) DO UPDATE
    SET quantity = s.quantity + excluded.quantity, revenue_cents = s.revenue_cents + excluded.revenue_cents;
$$;
--> statement-breakpoint

-- Adds (sign 1) or takes back (sign -1) a whole paid order: its day and all its items.
CREATE FUNCTION order_stats_add(p_order_id uuid, p_created_at timestamptz, p_total_cents integer, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_slot smallint := hashtext(p_order_id::text) & 7;
BEGIN
  INSERT INTO order_daily_stats AS s (day, slot, orders, revenue_cents)
  VALUES ((p_created_at AT TIME ZONE 'UTC')::date, v_slot, p_sign, p_sign * p_total_cents)
  ON CONFLICT (day, slot) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue_cents = s.revenue_cents + excluded.revenue_cents;
  PERFORM product_sales_stats_add(p_order_id, i.name, p_sign * sum(i.quantity), p_sign * sum(i.line_total_cents))
  FROM order_items i WHERE i.order_id = p_order_id GROUP BY i.name;
END;
$$;
--> statement-breakpoint

-- Orders: becoming paid adds the order, leaving paid takes it back, a paid order whose total or
-- date changes moves its share. Deletion runs BEFORE the delete, while its items still exist.
CREATE FUNCTION orders_keep_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.payment_status = 'paid' THEN
      PERFORM order_stats_add(OLD.id, OLD.created_at, OLD.total_cents, -1);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.payment_status = 'paid' THEN
    PERFORM order_stats_add(NEW.id, NEW.created_at, NEW.total_cents, 1);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_stats AFTER INSERT OR UPDATE OF payment_status, total_cents, created_at ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_stats();
--> statement-breakpoint
CREATE TRIGGER orders_keep_stats_on_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_stats();
--> statement-breakpoint

-- Items added to, changed on or removed from an order that is already paid (e.g. a renewal order
-- inserted as paid before its items). Items deleted with their order were taken back above.
CREATE FUNCTION order_items_keep_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM orders WHERE id = OLD.order_id AND payment_status = 'paid') THEN
      PERFORM product_sales_stats_add(OLD.order_id, OLD.name, -OLD.quantity, -OLD.line_total_cents);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM orders WHERE id = NEW.order_id AND payment_status = 'paid') THEN
      PERFORM product_sales_stats_add(NEW.order_id, NEW.name, NEW.quantity, NEW.line_total_cents);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_keep_stats AFTER INSERT OR UPDATE OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_keep_stats();
--> statement-breakpoint

-- Recomputes both tables from the orders (this migration's backfill; bulk loads that disable the
-- triggers, e.g. scripts/bench-orders.ts, call it afterwards).
CREATE FUNCTION rebuild_order_stats() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_daily_stats;
  DELETE FROM product_sales_stats;
  INSERT INTO order_daily_stats (day, slot, orders, revenue_cents)
  SELECT (created_at AT TIME ZONE 'UTC')::date, 0, count(*), sum(total_cents)
  FROM orders WHERE payment_status = 'paid' GROUP BY 1;
  INSERT INTO product_sales_stats (name, slot, quantity, revenue_cents)
  SELECT i.name, 0, sum(i.quantity), sum(i.line_total_cents)
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE o.payment_status = 'paid' GROUP BY i.name;
$$;
--> statement-breakpoint
SELECT rebuild_order_stats();
