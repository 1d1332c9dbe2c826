CREATE TYPE "public"."refund_source" AS ENUM('admin', 'provider');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_refund_id" text,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"idempotency_key" text,
	"created_by" text,
	"source" "refund_source" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_idx" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key_idx" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_provider_payment_idx" ON "orders" USING btree ("provider","provider_payment_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."total_cents");--> statement-breakpoint

-- Dashboard revenue net of refunds (decision 034): a paid order counts total_cents - refunded_cents
-- in order_daily_stats, so a refund moves its order's share like a change of total (decision 014).
-- Item quantities and revenue in product_sales_stats stay what was sold.
CREATE OR REPLACE FUNCTION orders_keep_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.payment_status = 'paid' THEN
      PERFORM order_stats_add(OLD.id, OLD.created_at, OLD.total_cents - OLD.refunded_cents, -1);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.payment_status = 'paid' THEN
    PERFORM order_stats_add(NEW.id, NEW.created_at, NEW.total_cents - NEW.refunded_cents, 1);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER orders_keep_stats ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_keep_stats AFTER INSERT OR UPDATE OF payment_status, total_cents, refunded_cents, created_at ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_stats();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_order_stats() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_daily_stats;
  DELETE FROM product_sales_stats;
  INSERT INTO order_daily_stats (day, slot, orders, revenue_cents)
  SELECT (created_at AT TIME ZONE 'UTC')::date, 0, count(*), sum(total_cents - refunded_cents)
  FROM orders WHERE payment_status = 'paid' GROUP BY 1;
  INSERT INTO product_sales_stats (name, slot, quantity, revenue_cents)
  SELECT i.name, 0, sum(i.quantity), sum(i.line_total_cents)
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE o.payment_status = 'paid' GROUP BY i.name;
$$;
