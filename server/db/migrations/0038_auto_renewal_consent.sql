CREATE TABLE "renewal_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"subscription_id" uuid,
	"terms_version" text NOT NULL,
	"terms_text" text NOT NULL,
	"terms_hash" text NOT NULL,
	"policy_versions" jsonb,
	"client_ip" text,
	"user_agent" text,
	"consented_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"summary" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"new_items" jsonb NOT NULL,
	"old_monthly_cents" integer NOT NULL,
	"new_monthly_cents" integer NOT NULL,
	"notice_days" integer NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"notify_at" timestamp with time zone NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_price_changes_notice_days" CHECK ("subscription_price_changes"."notice_days" between 7 and 30)
);
--> statement-breakpoint
ALTER TABLE "renewal_consents" ADD CONSTRAINT "renewal_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_consents" ADD CONSTRAINT "renewal_consents_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_notices" ADD CONSTRAINT "subscription_notices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_price_changes" ADD CONSTRAINT "subscription_price_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_consents_order_idx" ON "renewal_consents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "renewal_consents_subscription_idx" ON "renewal_consents" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_notices_once_idx" ON "subscription_notices" USING btree ("subscription_id","kind","period");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_price_changes_waiting_idx" ON "subscription_price_changes" USING btree ("subscription_id") WHERE "subscription_price_changes"."applied_at" is null;