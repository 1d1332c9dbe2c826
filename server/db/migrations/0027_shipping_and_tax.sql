CREATE TABLE "sales_tax_rates" (
	"state" text PRIMARY KEY NOT NULL,
	"basis_points" integer NOT NULL,
	"taxes_shipping" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_tax_rates_basis_points_check" CHECK ("sales_tax_rates"."basis_points" BETWEEN 0 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_name" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"states" text[] DEFAULT '{}' NOT NULL,
	"rate_name" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"free_over_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_price_check" CHECK ("shipping_zones"."price_cents" >= 0),
	CONSTRAINT "shipping_zones_free_over_check" CHECK ("shipping_zones"."free_over_cents" IS NULL OR "shipping_zones"."free_over_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "checkout_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_rate_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_state" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "tax_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_country_default_idx" ON "shipping_zones" USING btree ("country") WHERE cardinality("shipping_zones"."states") = 0;--> statement-breakpoint
-- A fresh shop ships free within the United States, as it always did (decision 035).
INSERT INTO "shipping_zones" ("zone_name", "country", "states", "rate_name", "price_cents") VALUES ('United States', 'US', '{}', 'Free shipping', 0);
