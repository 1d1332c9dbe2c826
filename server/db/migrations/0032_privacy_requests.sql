CREATE TYPE "public"."privacy_action" AS ENUM('export', 'erase');--> statement-breakpoint
CREATE TYPE "public"."privacy_requester" AS ENUM('customer', 'admin');--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" "privacy_action" NOT NULL,
	"requested_by" "privacy_requester" NOT NULL,
	"admin_id" text,
	"subject_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_created_idx" ON "privacy_requests" USING btree ("created_at" DESC NULLS LAST);