-- Trigram indexes for the admin order search (PGlite loads the pg_trgm contrib extension in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "orders_paid_created_idx";--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin ("name" gin_trgm_ops) WHERE "orders"."payment_status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops) WHERE "orders"."payment_status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_id_trgm_idx" ON "orders" USING gin (("id"::text) gin_trgm_ops) WHERE "orders"."payment_status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_coupon_code_trgm_idx" ON "orders" USING gin ("coupon_code" gin_trgm_ops) WHERE "orders"."payment_status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_paid_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."payment_status" = 'paid';