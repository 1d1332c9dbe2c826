ALTER TABLE "orders" ADD COLUMN "payment_email_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE INDEX "orders_payment_email_due_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."payment_email_due";--> statement-breakpoint
CREATE INDEX "orders_unpaid_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" = 'unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key_idx" ON "mail_outbox" USING btree ("dedupe_key");