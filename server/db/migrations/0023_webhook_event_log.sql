DROP INDEX "webhook_events_received_idx";--> statement-breakpoint
DROP INDEX "webhook_events_type_idx";--> statement-breakpoint
DROP INDEX "webhook_events_outcome_idx";--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_events_type_idx" ON "webhook_events" USING btree ("type","received_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_events_outcome_idx" ON "webhook_events" USING btree ("outcome","received_at" DESC NULLS FIRST);--> statement-breakpoint
-- Rows from before the log were only written once their event had been handled.
UPDATE "webhook_events" SET "outcome" = 'processed', "attempts" = 1, "handled_at" = "received_at" WHERE "outcome" IS NULL;
