CREATE TYPE "public"."webhook_outcome" AS ENUM('processed', 'ignored', 'failed');--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "payload_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "last_received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "deliveries" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "outcome" "webhook_outcome";--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "replayed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_events_type_idx" ON "webhook_events" USING btree ("type","received_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_events_outcome_idx" ON "webhook_events" USING btree ("outcome","received_at" DESC NULLS FIRST);--> statement-breakpoint
-- Rows from before the log were only written once their event had been handled.
UPDATE "webhook_events" SET "outcome" = 'processed', "attempts" = 1, "handled_at" = "received_at" WHERE "outcome" IS NULL;
