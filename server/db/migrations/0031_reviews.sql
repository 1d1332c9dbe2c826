CREATE TYPE "public"."review_hide_reason" AS ENUM('abuse', 'personal_data', 'off_topic');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('pending', 'approved', 'hidden');--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid,
	"author_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" "review_status" DEFAULT 'pending' NOT NULL,
	"hide_reason" "review_hide_reason",
	"reply" text,
	"incentivised" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_title_length" CHECK (char_length("reviews"."title") <= 100),
	CONSTRAINT "reviews_body_length" CHECK (char_length("reviews"."body") between 1 and 2000),
	CONSTRAINT "reviews_hidden_has_reason" CHECK (("reviews"."status" = 'hidden') = ("reviews"."hide_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_idx" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_approved_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST) WHERE "reviews"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Approved reviews are on the cached product pages (decision 016/018): a change that touches an
-- approved review (approve, hide, reply, label, delete) bumps the storefront version; new pending
-- reviews do not.
CREATE TRIGGER reviews_storefront_version_update AFTER UPDATE ON "reviews" FOR EACH ROW
  WHEN (OLD."status" = 'approved' OR NEW."status" = 'approved')
  EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER reviews_storefront_version_delete AFTER DELETE ON "reviews" FOR EACH ROW
  WHEN (OLD."status" = 'approved')
  EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER reviews_storefront_version_insert AFTER INSERT ON "reviews" FOR EACH ROW
  WHEN (NEW."status" = 'approved')
  EXECUTE FUNCTION bump_storefront_version();
