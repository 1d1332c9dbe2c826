CREATE TABLE "attached_order_notices" (
	"user_id" text PRIMARY KEY NOT NULL,
	"order_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_token" text;--> statement-breakpoint
-- Backfill: every existing order gets its status link secret. Two v4 UUIDs give 244 random bits
-- (gen_random_uuid draws from the strong random source), as 43 base64url characters.
UPDATE "orders" SET "status_token" = rtrim(translate(encode(decode(
  replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')
WHERE "status_token" IS NULL;--> statement-breakpoint
ALTER TABLE "attached_order_notices" ADD CONSTRAINT "attached_order_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_status_token_idx" ON "orders" USING btree ("status_token");--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("email")) WHERE "orders"."user_id" is null and "orders"."payment_status" = 'paid';