CREATE TABLE "review_invitations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"serial_id" uuid,
	"code" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serial_events_action" CHECK ("serial_events"."action" in ('unflag', 'delete', 'bulk_delete'))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_events" ADD CONSTRAINT "serial_events_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_events" ADD CONSTRAINT "serial_events_serial_id_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "serial_events_batch_idx" ON "serial_events" USING btree ("batch_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "validity_codes_batch_idx" ON "validity_codes" USING btree ("batch_id");--> statement-breakpoint
-- Orders already invited on delivery keep their claim: the shipped-orders job never invites them again.
INSERT INTO "review_invitations" ("order_id", "via", "created_at")
SELECT o."id", 'delivered', m."created_at"
FROM "mail_outbox" m
JOIN "orders" o ON m."dedupe_key" = 'review-invitation:' || o."id"::text
WHERE m."dedupe_key" LIKE 'review-invitation:%'
ON CONFLICT DO NOTHING;
