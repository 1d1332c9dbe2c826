CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
-- Paid orders made before numbers get theirs in the order they were paid (#1001 the oldest).
UPDATE "orders" SET "number" = numbered.n
FROM (
  SELECT "id", nextval('order_number_seq') AS n
  FROM (SELECT "id" FROM "orders" WHERE "payment_status" = 'paid' ORDER BY coalesce("paid_at", "created_at"), "id") AS paid
) AS numbered
WHERE "orders"."id" = numbered."id";--> statement-breakpoint
-- Validity list codes are stored normalized (core/serial-code.ts normalizeListCode): upper case,
-- no spaces or dashes. Of codes that become the same, the oldest is normalized and the rest kept
-- as they were (the admin sees both and may delete one).
UPDATE "validity_codes" SET "code" = first_of.normalized
FROM (
  SELECT DISTINCT ON (normalized) "id", normalized
  FROM (SELECT "id", "created_at", upper(regexp_replace("code", '[[:space:]-]+', '', 'g')) AS normalized FROM "validity_codes") AS c
  ORDER BY normalized, "created_at", "id"
) AS first_of
WHERE "validity_codes"."id" = first_of."id"
  AND "validity_codes"."code" <> first_of.normalized
  AND NOT EXISTS (SELECT 1 FROM "validity_codes" AS taken WHERE taken."code" = first_of.normalized);
