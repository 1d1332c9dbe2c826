ALTER TABLE "cart_reminders" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "checkout_client_ip" text;--> statement-breakpoint
CREATE INDEX "cart_reminders_email_idx" ON "cart_reminders" USING btree (lower("email"),"created_at");