CREATE TABLE "order_prop65_warnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"warning_text" text NOT NULL,
	"shown_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_labels" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"claims" text[] DEFAULT '{}' NOT NULL,
	"prop65_warning" boolean DEFAULT false NOT NULL,
	"prop65_chemicals" text[] DEFAULT '{}' NOT NULL,
	"prop65_endpoint" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_labels_prop65_endpoint" CHECK ("product_labels"."prop65_endpoint" is null or "product_labels"."prop65_endpoint" in ('cancer', 'reproductive', 'both')),
	CONSTRAINT "product_labels_prop65_complete" CHECK (not "product_labels"."prop65_warning" or ("product_labels"."prop65_endpoint" is not null and cardinality("product_labels"."prop65_chemicals") > 0))
);
--> statement-breakpoint
CREATE TABLE "supplement_facts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"serving_size" text NOT NULL,
	"servings_per_container" text NOT NULL,
	"ingredients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_ingredients" text DEFAULT '' NOT NULL,
	"directions" text DEFAULT '' NOT NULL,
	"warnings" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplement_facts_ingredients_array" CHECK (jsonb_typeof("supplement_facts"."ingredients") = 'array')
);
--> statement-breakpoint
ALTER TABLE "order_prop65_warnings" ADD CONSTRAINT "order_prop65_warnings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_prop65_warnings" ADD CONSTRAINT "order_prop65_warnings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_labels" ADD CONSTRAINT "product_labels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplement_facts" ADD CONSTRAINT "supplement_facts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplement_facts" ADD CONSTRAINT "supplement_facts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_prop65_warnings_order_idx" ON "order_prop65_warnings" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplement_facts_product_idx" ON "supplement_facts" USING btree ("product_id") WHERE "supplement_facts"."variant_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "supplement_facts_variant_idx" ON "supplement_facts" USING btree ("variant_id") WHERE "supplement_facts"."variant_id" is not null;--> statement-breakpoint
-- Labels are shown on the cached product pages: every change bumps the storefront version
-- (server/catalog/storefront-cache.ts), as do the shop-wide label settings in shop_facts.
CREATE TRIGGER supplement_facts_storefront_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "supplement_facts"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER product_labels_storefront_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_labels"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER shop_facts_label_settings_storefront_version AFTER INSERT OR UPDATE ON "shop_facts" FOR EACH ROW
  WHEN (NEW."key" = 'supplement-label-settings')
  EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
-- Posts whose Markdown marks claims ("[claim] …") render again on their next view, with the "*".
UPDATE "blog_posts" SET "content_html" = NULL WHERE "content" LIKE '%[claim]%';
