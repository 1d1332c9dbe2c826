CREATE TABLE "order_daily_stats" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_daily_stats_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
CREATE TABLE "product_sales_stats" (
	"name" text NOT NULL,
	"slot" smallint NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_stats_name_slot_pk" PRIMARY KEY("name","slot")
);
