CREATE TABLE "product_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"values" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "product_options_position_range" CHECK ("product_options"."position" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"option_values" text[] DEFAULT '{}' NOT NULL,
	"price_cents" integer NOT NULL,
	"compare_at_cents" integer,
	"weight_grams" integer,
	"image_url" text,
	"sold_out" boolean DEFAULT false NOT NULL,
	"gtin" text,
	"mpn" text,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_price_non_negative" CHECK ("product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_compare_at_non_negative" CHECK ("product_variants"."compare_at_cents" is null or "product_variants"."compare_at_cents" >= 0),
	CONSTRAINT "product_variants_weight_non_negative" CHECK ("product_variants"."weight_grams" is null or "product_variants"."weight_grams" >= 0)
);
--> statement-breakpoint
-- Every product made before variants gets one option ("Size", its weight) and one variant with
-- its price and sold-out flag (docs/decisions/029-options-and-variants.md).
INSERT INTO "product_options" ("product_id", "name", "position", "values")
SELECT "id", 'Size', 0, ARRAY["weight_type"::text] FROM "products";--> statement-breakpoint
INSERT INTO "product_variants" ("product_id", "sku", "title", "option_values", "price_cents", "sold_out", "position")
SELECT "id", upper("slug") || '-' || upper("weight_type"::text), "weight_type"::text, ARRAY["weight_type"::text], "price_cents", "sold_out", 0
FROM "products";--> statement-breakpoint
DROP INDEX "cart_lines_identity_idx";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_max_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "products" SET "price_max_cents" = "price_cents";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_position_idx" ON "product_options" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A cart could hold one product under two weights (the weight was changed in between): those
-- lines become one line of the product's variant, quantities added (at most 99).
UPDATE "cart_lines" SET "quantity" = least("merged"."total", 99)
FROM (
  SELECT "id", row_number() OVER w AS "rank", sum("quantity") OVER (PARTITION BY "cart_id", "product_id") AS "total"
  FROM "cart_lines" WHERE "product_id" IS NOT NULL
  WINDOW w AS (PARTITION BY "cart_id", "product_id" ORDER BY "created_at", "id")
) AS "merged"
WHERE "cart_lines"."id" = "merged"."id" AND "merged"."rank" = 1;--> statement-breakpoint
DELETE FROM "cart_lines" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "cart_id", "product_id" ORDER BY "created_at", "id") AS "rank"
    FROM "cart_lines" WHERE "product_id" IS NOT NULL
  ) AS "ranked" WHERE "rank" > 1
);--> statement-breakpoint
UPDATE "cart_lines" SET "variant_id" = "v"."id" FROM "product_variants" AS "v" WHERE "v"."product_id" = "cart_lines"."product_id";--> statement-breakpoint
UPDATE "order_items" SET "variant_id" = "v"."id", "sku" = "v"."sku" FROM "product_variants" AS "v" WHERE "v"."product_id" = "order_items"."product_id";--> statement-breakpoint
UPDATE "subscriptions" SET "items" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN "v"."id" IS NULL THEN "e"."item" ELSE "e"."item" || jsonb_build_object('variantId', "v"."id", 'sku', "v"."sku") END
    ORDER BY "e"."ord"), '[]'::jsonb)
  FROM jsonb_array_elements("subscriptions"."items") WITH ORDINALITY AS "e"("item", "ord")
  LEFT JOIN "product_variants" AS "v" ON "v"."product_id"::text = "e"."item"->>'productId'
);--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_variant_idx" ON "cart_lines" USING btree ("cart_id","variant_id");--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
-- Search finds tags and SKUs too: tags join the product vector (array_to_string is not immutable,
-- so a one-line immutable wrapper lets the generated column use it); SKUs are matched exactly.
CREATE FUNCTION "shop_tags_text"(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$;--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "name"), 'A') ||
  setweight(to_tsvector('english', "shop_tags_text"("tags")), 'B') ||
  setweight(to_tsvector('english', "description"), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
