CREATE TYPE "public"."bulk_order_item_state" AS ENUM('pending', 'working', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."bulk_order_kind" AS ENUM('status', 'ship', 'selection');--> statement-breakpoint
CREATE TYPE "public"."bulk_order_state" AS ENUM('previewed', 'queued', 'running', 'done');--> statement-breakpoint
CREATE TABLE "bulk_order_items" (
	"request_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"shipment" jsonb,
	"state" "bulk_order_item_state" DEFAULT 'pending' NOT NULL,
	"lease_until" timestamp with time zone,
	"outcome" text,
	"previous_status" "order_status",
	CONSTRAINT "bulk_order_items_request_id_order_id_pk" PRIMARY KEY("request_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_order_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" "bulk_order_kind" NOT NULL,
	"status" "order_status",
	"state" "bulk_order_state" NOT NULL,
	"total" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_order_requests_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "bulk_order_items" ADD CONSTRAINT "bulk_order_items_request_id_bulk_order_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bulk_order_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_order_items" ADD CONSTRAINT "bulk_order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_order_requests" ADD CONSTRAINT "bulk_order_requests_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_order_items_work_idx" ON "bulk_order_items" USING btree ("request_id","state");--> statement-breakpoint
CREATE INDEX "bulk_order_items_order_idx" ON "bulk_order_items" USING btree ("order_id");