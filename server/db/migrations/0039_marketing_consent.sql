CREATE TYPE "public"."marketing_source" AS ENUM('signup', 'checkout', 'footer', 'admin');--> statement-breakpoint
CREATE TYPE "public"."marketing_status" AS ENUM('pending', 'subscribed', 'unsubscribed');--> statement-breakpoint
CREATE TABLE "checkout_newsletter_wishes" (
	"cart_id" uuid PRIMARY KEY NOT NULL,
	"consent_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"email_hash" text,
	"user_id" text,
	"status" "marketing_status" NOT NULL,
	"source" "marketing_source",
	"consent_text" text,
	"consented_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"confirm_request" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_newsletter_wishes" ADD CONSTRAINT "checkout_newsletter_wishes_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contacts" ADD CONSTRAINT "marketing_contacts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_contacts_email_idx" ON "marketing_contacts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_contacts_email_hash_idx" ON "marketing_contacts" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "marketing_contacts_list_idx" ON "marketing_contacts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marketing_contacts_subscribed_idx" ON "marketing_contacts" USING btree ("id") WHERE "marketing_contacts"."status" = 'subscribed';--> statement-breakpoint
-- One consent model (decision 048): the old reminder unsubscribe list moves in as opt-outs. Their
-- keyed hash needs the app secret, which SQL does not have: the app fills it (server/marketing/).
INSERT INTO "marketing_contacts" ("email", "status", "unsubscribed_at", "created_at")
SELECT lower("email"), 'unsubscribed', "created_at", "created_at" FROM "marketing_unsubscribes"
ON CONFLICT DO NOTHING;
