CREATE TABLE "order_policy_versions" (
	"order_id" uuid NOT NULL,
	"policy" text NOT NULL,
	"version" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_policy_versions_order_id_policy_pk" PRIMARY KEY("order_id","policy")
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"policy" text NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_versions_policy_version_pk" PRIMARY KEY("policy","version"),
	CONSTRAINT "policy_versions_policy_known" CHECK ("policy_versions"."policy" in ('privacy', 'terms', 'refunds', 'shipping', 'accessibility')),
	CONSTRAINT "policy_versions_version_positive" CHECK ("policy_versions"."version" >= 1),
	CONSTRAINT "policy_versions_body_length" CHECK (char_length("policy_versions"."body") between 1 and 50000)
);
--> statement-breakpoint
ALTER TABLE "order_policy_versions" ADD CONSTRAINT "order_policy_versions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_policy_versions" ADD CONSTRAINT "order_policy_versions_policy_version_policy_versions_policy_version_fk" FOREIGN KEY ("policy","version") REFERENCES "public"."policy_versions"("policy","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A saved policy version is a record of what customers were shown: it is never changed. Only
-- created_by may move (to null, when that admin's account is deleted).
CREATE FUNCTION refuse_policy_version_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'policy versions are immutable: save a new version instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER policy_versions_immutable BEFORE UPDATE ON "policy_versions" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'created_by') IS DISTINCT FROM (to_jsonb(NEW) - 'created_by'))
  EXECUTE FUNCTION refuse_policy_version_change();--> statement-breakpoint
-- The policy pages are in the rendered-page cache: a new version shows at once on every instance.
-- Per row, so the start-up's "insert the templates if missing" (nothing inserted) bumps nothing.
CREATE TRIGGER policy_versions_storefront_version AFTER INSERT OR DELETE ON "policy_versions" FOR EACH ROW
  EXECUTE FUNCTION bump_storefront_version();
