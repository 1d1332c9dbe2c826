CREATE TABLE "order_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notes_body_length" CHECK (char_length("order_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "order_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"owner_id" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_views_name_length" CHECK (char_length("order_views"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_views" ADD CONSTRAINT "order_views_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_views_private_name_idx" ON "order_views" USING btree ("owner_id",lower("name")) WHERE not "order_views"."shared";--> statement-breakpoint
CREATE UNIQUE INDEX "order_views_shared_name_idx" ON "order_views" USING btree (lower("name")) WHERE "order_views"."shared";--> statement-breakpoint
CREATE INDEX "order_items_sku_idx" ON "order_items" USING btree (lower("sku"),"order_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_paid_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."payment_status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_paid_coupon_created_idx" ON "orders" USING btree ("coupon_code","created_at" DESC NULLS FIRST) WHERE "orders"."payment_status" = 'paid' and "orders"."coupon_code" is not null;--> statement-breakpoint
CREATE INDEX "orders_paid_type_created_idx" ON "orders" USING btree ("purchase_type","created_at" DESC NULLS FIRST) WHERE "orders"."payment_status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_paid_refunded_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."payment_status" = 'paid' and "orders"."refunded_cents" > 0;