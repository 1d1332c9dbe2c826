ALTER TABLE "orders" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_client_idx" ON "orders" USING btree ("client_ip","created_at") WHERE "orders"."payment_status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "orders_unpaid_cart_idx" ON "orders" USING btree ("cart_id","created_at") WHERE "orders"."payment_status" = 'unpaid';